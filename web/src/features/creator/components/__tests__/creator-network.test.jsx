import { describe, it, expect } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi, expectTexts } from '../../../../test-utils'
import { CreatorNetwork } from '../creator-network'
import { creatorsKey } from '../../api/get-creators'

const creator = (patch) => ({
  _id: 'c1', name: 'Kenji Silva', email: 'kenji@example.com', niche: 'Food & Cooking', location: 'Tokyo, Japan', tier: 'Macro',
  followers: 2195522, engagementRate: 4.62,
  platforms: { instagram: { handle: '@kenji', followers: 2195522 }, youtube: { handle: 'kenji', followers: 375381 } },
  audience: { gender: { male: 25, female: 74, other: 1 }, ages: {}, basis: 'imported', platforms: [] }, userId: null, uploadJobId: 'j1',
  createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', ...patch,
})
const page = (creators, total = creators.length) => [200, { data: { creators, total, page: 1, limit: 12 } }]
const NICHES = ['GET niche', () => [200, { data: { niche: [{ _id: 'n2', name: 'Technology' }, { _id: 'n1', name: 'Food & Cooking' }] } }]]

describe('creatorsKey', () => {
  it('sends page and limit and leaves empty filters out', () => {
    expect(creatorsKey({})).toBe('creators?page=1&limit=12')
    expect(
      creatorsKey({ search: ' ada ', niche: 'Food & Cooking', tier: 'Mid', platform: 'youtube', minFollowers: '1000', maxFollowers: '', minEngagement: '2.5', location: 'Lisbon', gender: 'female', sort: 'engagement', page: 3 }),
    ).toBe('creators?page=3&limit=12&search=ada&niche=Food+%26+Cooking&tier=Mid&platform=youtube&minFollowers=1000&minEngagement=2.5&location=Lisbon&gender=female&sort=engagement')
  })
})

describe('CreatorNetwork', () => {
  it('shows creator cards with tier labels, platforms, followers, engagement, niche and location', async () => {
    mockApi({
      [NICHES[0]]: NICHES[1],
      'GET creators?page=1&limit=12&sort=followers': () =>
        page([
          creator(),
          creator({ _id: 'c2', name: 'Ada Mensah', tier: 'Mid', followers: 64000, engagementRate: null, niche: 'Technology', location: 'Accra', platforms: { tiktok: { handle: 'ada', followers: 64000 } }, audience: null }),
          creator({ _id: 'c3', name: 'Omar Costa', tier: 'Micro', followers: 950, platforms: { linkedin: { handle: 'omar', followers: 950 } }, audience: { gender: { male: 60, female: 40 }, ages: {}, basis: 'measured', platforms: ['Instagram', 'LinkedIn'] } }),
        ]),
    })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    const kenji = await screen.findByRole('article', { name: 'Kenji Silva' })
    expectTexts(['Macro', 'Food & Cooking · Tokyo, Japan', '4.6%', '74% female', 'Imported with the creator’s network entry, not measured.'], kenji)
    const platforms = within(within(kenji).getByRole('list', { name: 'Platforms' })).getAllByRole('listitem')
    expect(platforms.map((p) => p.textContent)).toEqual(['Instagram 2.2M', 'YouTube 375K'])
    const ada = screen.getByRole('article', { name: 'Ada Mensah' })
    expect(within(ada).getByText('Mid')).toBeInTheDocument()
    expect(within(ada).getByText('Followers').nextSibling).toHaveTextContent('64K')
    expect(within(ada).getByText('TikTok')).toBeInTheDocument()
    const omar = screen.getByRole('article', { name: 'Omar Costa' })
    expect(within(omar).getByText('Micro')).toBeInTheDocument()
    expect(within(omar).getByText('Measured from Instagram and LinkedIn, blended by followers.')).toBeInTheDocument()
    expect(within(ada).queryByText(/measured/i)).not.toBeInTheDocument()
    expect(screen.getByText('3 creators')).toBeInTheDocument()
  })

  it('builds the query string from the filters and shows the empty state', async () => {
    const seen = []
    const fetch = mockApi({ [NICHES[0]]: NICHES[1] })
    const base = fetch.getMockImplementation()
    fetch.mockImplementation(async (url, init) => {
      const path = String(url).replace(/^\/api\//, '')
      if (path.startsWith('creators?')) {
        seen.push(path)
        return new Response(JSON.stringify({ data: { creators: path === 'creators?page=1&limit=12&sort=followers' ? [creator()] : [], total: path === 'creators?page=1&limit=12&sort=followers' ? 1 : 0, page: 1, limit: 12 } }), { status: 200 })
      }
      return base(url, init)
    })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    await screen.findByRole('article', { name: 'Kenji Silva' })
    await userEvent.type(screen.getByLabelText('Search creators'), 'ada')
    await userEvent.type(screen.getByLabelText('Niche'), 'Technology')
    await userEvent.selectOptions(screen.getByLabelText('Tier'), 'Mid')
    await userEvent.selectOptions(screen.getByLabelText('Platform'), 'youtube')
    await userEvent.selectOptions(screen.getByLabelText('Audience gender'), 'female')
    await userEvent.type(screen.getByLabelText('Min followers'), '50000')
    await userEvent.type(screen.getByLabelText('Max followers'), '400000')
    await userEvent.type(screen.getByLabelText('Min engagement (%)'), '2.5')
    await userEvent.type(screen.getByLabelText('Location'), 'Lisbon')
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'engagement')
    expect(await screen.findByText('No creators match your filters')).toBeInTheDocument()
    await waitFor(() =>
      expect(seen.at(-1)).toBe(
        'creators?page=1&limit=12&search=ada&niche=Technology&tier=Mid&platform=youtube&minFollowers=50000&maxFollowers=400000&minEngagement=2.5&location=Lisbon&gender=female&sort=engagement',
      ),
    )
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0])
    expect(await screen.findByRole('article', { name: 'Kenji Silva' })).toBeInTheDocument()
    expect(screen.getByLabelText('Tier')).toHaveValue('')
  })

  it('says when the network is empty', async () => {
    mockApi({ [NICHES[0]]: NICHES[1], 'GET creators?page=1&limit=12&sort=followers': () => page([]) })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    expect(await screen.findByText('No creators in the network yet')).toBeInTheDocument()
  })

  it('pages through results and shows a capped total as 10,000+', async () => {
    const many = Array.from({ length: 12 }, (_, i) => creator({ _id: `c${i}`, name: `Creator ${i}` }))
    mockApi({
      [NICHES[0]]: NICHES[1],
      'GET creators?page=1&limit=12&sort=followers': () => page(many, 10000),
      'GET creators?page=2&limit=12&sort=followers': () => [200, { data: { creators: [creator({ _id: 'p2', name: 'Page Two' })], total: 10000, page: 2, limit: 12 } }],
    })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    expect(await screen.findByText('10,000+ creators')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–12 of 10,000+')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('article', { name: 'Page Two' })).toBeInTheDocument()
  })

  it('shows an estimated total as "about" and keeps paging', async () => {
    const many = Array.from({ length: 12 }, (_, i) => creator({ _id: `c${i}`, name: `Creator ${i}` }))
    mockApi({
      [NICHES[0]]: NICHES[1],
      'GET creators?page=1&limit=12&sort=followers': () => page([creator()]),
      'GET creators?page=1&limit=12&search=lucia+romero&sort=followers': () => [
        200,
        { data: { creators: many, total: 1264, totalEstimated: true, page: 1, limit: 12 } },
      ],
    })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    await screen.findByRole('article', { name: 'Kenji Silva' })
    await userEvent.type(screen.getByLabelText('Search creators'), 'lucia romero')
    expect(await screen.findByText('about 1,300 creators')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–12 of about 1,300')).toBeInTheDocument()
    expect(screen.getByText('Page 1')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('shows the field errors of a refused filter', async () => {
    mockApi({
      [NICHES[0]]: NICHES[1],
      'GET creators?page=1&limit=12&sort=followers': () => page([creator()]),
      'GET creators?page=1&limit=12&minFollowers=1e5&sort=followers': () => [422, { message: 'Invalid query', error_code: 'invalid', fields: { minFollowers: 'Must be an integer' } }],
    })
    renderRoute(<CreatorNetwork />, { path: '/creator-network' })
    await screen.findByRole('article', { name: 'Kenji Silva' })
    await userEvent.type(screen.getByLabelText('Min followers'), '1e5')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Invalid query')
    expect(alert).toHaveTextContent('minFollowers: Must be an integer')
  })
})
