import { describe, it, expect, beforeEach, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { renderRoute, mockApi } from '../../../../test-utils'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { CreatorProfile } from '../creator-profile'
import { CreatorNetwork } from '../creator-network'
import { filterParams, filtersFromParams, EMPTY_FILTERS } from '../creator-options'

vi.mock('../../../../components/trend-chart', () => ({
  default: ({ name, history, activityLabel }) => (
    <p data-testid="trend">
      {name}: {history.length} days of {activityLabel}
    </p>
  ),
}))

const creator = {
  _id: 'c1', name: 'Cleo Creator', email: 'creator@example.com', niche: 'Fitness & Health', location: 'Berlin', tier: 'Micro',
  followers: 18500, engagementRate: 3.2,
  platforms: { instagram: { handle: 'cleo_fit', followers: 21000 }, tiktok: { handle: 'cleo_fit', followers: 18500 } },
  audience: null, userId: 'u1', uploadJobId: null, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z',
}
const profile = {
  platforms: [
    { platform: 'instagram', handle: 'cleo_fit', followers: { value: 21000, basis: 'measured' }, verified: true },
    { platform: 'tiktok', handle: 'cleo_fit', followers: { value: 18500, basis: 'imported' }, verified: false },
  ],
  followers: { value: 21000, basis: 'measured' },
  tier: { value: 'Micro', basis: 'measured' },
  engagementRate: { value: 3.2, basis: 'measured' },
  audience: { gender: { female: 68, male: 32 }, ages: { '18-24': 40 }, basis: 'imported', platforms: [] },
  fee: { value: 210, basis: 'estimated', platform: 'instagram', method: 'One Instagram post: 21,000 followers × 1 expected impressions each at a $10 CPM' },
  verified: true,
  trendDays: 90,
  trends: [{ platform: 'instagram', days: [{ date: '2026-11-24', followers: 20990, likes: 500, views: 0 }, { date: '2026-11-25', followers: 21000, likes: 520, views: 0 }] }],
}
const campaigns = [
  { _id: 'k1', campaignName: 'Winter Warmup', status: 'draft', budget: 1000, createdAt: '2026-11-20T10:00:00Z' },
  { _id: 'k3', campaignName: 'Spring Fit', status: 'active', budget: 5000, createdAt: '2026-11-21T10:00:00Z' },
]
// The brand's draft and active campaigns, as GET /api/campaigns/all-campaigns?status= answers them.
const CHOICES = {
  'GET campaigns/all-campaigns?page=1&limit=100&status=draft': () => [200, { data: { campaigns: [campaigns[0]], total: 1, page: 1, limit: 100 } }],
  'GET campaigns/all-campaigns?page=1&limit=100&status=active': () => [200, { data: { campaigns: [campaigns[1]], total: 1, page: 1, limit: 100 } }],
}
// Agreed $500, offered $250 (the offered total includes the agreed), one draft estimated at $150.
const roster = (entries = []) => ({ campaignId: 'k1', campaignName: 'Winter Warmup', status: 'draft', budget: 1000, estimatedTotal: 900, offeredTotal: 750, acceptedTotal: 500,
  entries: [{ _id: 'd1', creator: { _id: 'c9' }, estimatedFee: 150, offer: { status: 'draft', amount: 150 } }, ...entries] })

describe('CreatorProfile', () => {
  beforeEach(() => {
    resetAuthStore()
    setUser({ _id: 'b1', name: 'Bea', email: 'brand@example.com', role: 'BRAND_ADMIN' })
  })

  it('shows every figure with its basis, the verified platforms and the trends', async () => {
    mockApi({ 'GET creators/c1': () => [200, { data: { creator, profile } }], ...CHOICES })
    renderRoute(<CreatorProfile id="c1" />, { path: '/creator-network/c1' })
    expect(await screen.findByRole('heading', { name: 'Cleo Creator' })).toBeInTheDocument()
    const figures = screen.getByText('Engagement rate').closest('dl')
    expect(within(figures).getByText('Followers').nextSibling).toHaveTextContent('21KMeasured')
    expect(within(figures).getByText('Engagement rate').nextSibling).toHaveTextContent('3.2%Measured')
    expect(within(figures).getByText('Fee estimate (one post)').nextSibling).toHaveTextContent('$210Estimated')
    expect(screen.getByText(/One Instagram post: 21,000 followers/)).toBeInTheDocument()
    const platforms = within(screen.getByRole('region', { name: 'Platforms' })).getAllByRole('listitem')
    expect(platforms[0]).toHaveTextContent('Instagram@cleo_fit21,000Measured✓ Verified')
    expect(platforms[1]).toHaveTextContent('TikTok@cleo_fit18,500Imported')
    expect(platforms[1]).not.toHaveTextContent('Verified')
    expect(within(screen.getByRole('region', { name: 'Audience' })).getByText('Imported')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Audience' })).toHaveTextContent('Imported with the creator’s network entry, not measured.')
    expect(await screen.findByTestId('trend')).toHaveTextContent('Instagram: 2 days of Likes')
  })

  it('adds the creator to a draft campaign, shows the budget it takes, and the server refusal on a second add', async () => {
    let added = false
    const fetch = mockApi({
      'GET creators/c1': () => [200, { data: { creator, profile } }],
      ...CHOICES,
      'GET campaigns/k1/roster': () => [200, { data: { roster: roster(added ? [{ creator: { _id: 'c1' } }] : []) } }],
      'POST campaigns/k1/roster': (body) => {
        if (added) return [409, { message: "Cleo Creator is already on this campaign's roster", error_code: 'conflict' }]
        added = body.creatorId === 'c1'
        return [201, { data: { entry: { _id: 'e1', offer: { amount: 210, status: 'draft' } } } }]
      },
    })
    renderRoute(<CreatorProfile id="c1" />, { path: '/creator-network/c1' })
    const picker = await screen.findByLabelText('Campaign')
    // Draft and active campaigns, most recent first.
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a draft or active campaign', 'Spring Fit (active)', 'Winter Warmup (draft)']))
    await userEvent.selectOptions(picker, 'k1')
    const budget = await screen.findByRole('region', { name: 'Budget' })
    // A draft is never committed: agreed, offered and drafts' estimates each under their own name.
    expect(budget).not.toHaveTextContent('Committed')
    expect(within(budget).getByTestId('agreed-total')).toHaveTextContent('$500')
    expect(within(budget).getByTestId('offered-total')).toHaveTextContent('$250')
    expect(within(budget).getByTestId('drafts-total')).toHaveTextContent('$150')
    expect(within(budget).getByTestId('budget-total')).toHaveTextContent('$1,110')
    expect(within(budget).getByText('Sending every draft goes over the budget by $110.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add to campaign' }))
    expect(await screen.findByRole('status')).toHaveTextContent("Cleo Creator joined Winter Warmup's roster as a draft offer at $210.")
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('campaigns/k1/roster') && init?.method === 'POST')).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Add to campaign' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("Cleo Creator is already on this campaign's roster")
  })

  it('hides "Add to campaign" from a brand viewer', async () => {
    setUser({ _id: 'v1', name: 'Vic', email: 'viewer@example.com', role: 'BRAND_VIEWER' })
    mockApi({ 'GET creators/c1': () => [200, { data: { creator, profile: { ...profile, trends: [], verified: false } } }] })
    renderRoute(<CreatorProfile id="c1" />, { path: '/creator-network/c1' })
    await screen.findByRole('heading', { name: 'Cleo Creator' })
    expect(screen.queryByRole('region', { name: 'Add to campaign' })).toBeNull()
    expect(screen.getByText('Trends appear once the creator connects an account.')).toBeInTheDocument()
  })

  it('shows a not-found view for an unknown creator', async () => {
    mockApi({ 'GET creators/nope': () => [404, { message: 'Creator not found', error_code: 'not_found' }] })
    renderRoute(<CreatorProfile id="nope" />, { path: '/creator-network/nope' })
    expect(await screen.findByRole('heading', { name: 'Creator not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to creators' })).toHaveAttribute('href', '/creator-network')
  })
})

function Probe() {
  const l = useLocation()
  return <p data-testid="url">{l.pathname + l.search}</p>
}

describe('the network filters in the URL', () => {
  it('round-trips filters and page, leaving out blanks and defaults', () => {
    const filters = { ...EMPTY_FILTERS, tier: 'Mid', search: 'ann ', minFollowers: '' }
    const q = filterParams(filters, 3)
    expect(q.toString()).toBe('search=ann+&tier=Mid&page=3')
    expect(filtersFromParams(q)).toEqual({ filters, page: 3 })
    expect(filtersFromParams(new URLSearchParams('page=x'))).toEqual({ filters: EMPTY_FILTERS, page: 1 })
  })

  it('reads the filters of a shared link, writes changes back, and opens a profile with the way back', async () => {
    mockApi({
      'GET niche': () => [200, { data: { niche: [] } }],
      'GET creators?page=1&limit=12&tier=Mid&sort=followers': () => [200, { data: { creators: [creator], total: 1, page: 1, limit: 12 } }],
      'GET creators?page=1&limit=12&tier=Mid&platform=tiktok&sort=followers': () => [200, { data: { creators: [creator], total: 1, page: 1, limit: 12 } }],
    })
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/creator-network?tier=Mid']}>
          <Routes>
            <Route path="/creator-network" element={<CreatorNetwork />} />
            <Route path="/creator-network/:id" element={<Probe />} />
          </Routes>
          <Routes>
            <Route path="*" element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    )
    expect(await screen.findByRole('article', { name: 'Cleo Creator' })).toBeInTheDocument()
    expect(screen.getByLabelText('Tier')).toHaveValue('Mid')
    await userEvent.selectOptions(screen.getByLabelText('Platform'), 'tiktok')
    await waitFor(() => expect(screen.getAllByTestId('url').at(-1)).toHaveTextContent('/creator-network?tier=Mid&platform=tiktok'))
    await userEvent.click(screen.getByRole('link', { name: 'Cleo Creator' }))
    await waitFor(() => expect(screen.getAllByTestId('url')[0]).toHaveTextContent('/creator-network/c1'))
  })
})
