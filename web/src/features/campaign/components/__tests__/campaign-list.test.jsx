import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CampaignList } from '../campaign-list'
import { expectTexts, mockApi, renderRoute, freshStart } from '../../../../test-utils'
import { setUser } from '../../../../lib/auth-store'

const C1 = {
  _id: 'c1',
  campaignName: 'Summer Glow',
  goals: ['Brand Awareness'],
  budget: 12500,
  duration: { startDate: '2027-06-01', endDate: '2027-06-30' },
  status: 'active',
}
const C2 = { _id: 'c2', campaignName: 'Winter Drop', goals: ['Other'], customGoal: 'Newsletter', budget: 800, duration: { startDate: '2027-12-01', endDate: '2027-12-20' }, status: 'draft' }
const C3 = { _id: 'c3', campaignName: 'Spring Recap', goals: ['Drive Sales'], budget: 3000, duration: { startDate: '2026-03-01', endDate: '2026-04-01' }, status: 'completed' }

const page = (campaigns, total = campaigns.length, p = 1) => [200, { data: { campaigns, total, page: p, limit: 10 } }]

describe('CampaignList', () => {
  beforeEach(freshStart)

  it('renders campaigns with status badges, budget, dates and edit links', async () => {
    mockApi({ 'GET campaigns/all-campaigns?page=1&limit=10': () => page([C1, C2, C3]) })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    const item = await screen.findByRole('article', { name: 'Summer Glow' })
    expectTexts(['Active', '$12,500', 'Jun 1, 2027', 'Jun 30, 2027'], item)
    expect(within(item).getByRole('link', { name: 'Edit Summer Glow' })).toHaveAttribute('href', '/update-campaign/c1')
    expect(within(screen.getByRole('article', { name: 'Winter Drop' })).getByText('Draft')).toBeInTheDocument()
    expect(screen.getByText('Newsletter')).toBeInTheDocument()
    const done = screen.getByRole('article', { name: 'Spring Recap' })
    expect(within(done).getByText('Completed')).toBeInTheDocument()
    expect(within(done).getByRole('link', { name: 'View Spring Recap' })).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
  })

  it('shows a BRAND_VIEWER the campaigns and their results, read-only', async () => {
    setUser({ _id: 'u', name: 'Vic', role: 'BRAND_VIEWER' })
    mockApi({ 'GET campaigns/all-campaigns?page=1&limit=10': () => page([C1, C3]) })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    const item = await screen.findByRole('article', { name: 'Summer Glow' })
    expect(within(item).getByRole('link', { name: 'Results of Summer Glow' })).toHaveAttribute('href', '/campaigns/c1/results')
    expect(within(item).queryByRole('link', { name: 'Edit Summer Glow' })).toBeNull()
    expect(within(item).queryByRole('button', { name: 'Delete Summer Glow' })).toBeNull()
    expect(within(screen.getByRole('article', { name: 'Spring Recap' })).queryByRole('link', { name: 'View Spring Recap' })).toBeNull()
    expect(screen.queryByRole('link', { name: '+ New Campaign' })).toBeNull()
  })

  it('invites creating the first campaign when there are none', async () => {
    mockApi({ 'GET campaigns/all-campaigns?page=1&limit=10': () => page([]) })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create your first campaign' })).toHaveAttribute('href', '/create-campaign')
  })

  it('searches by name after a pause, filters by status and pages', async () => {
    const fetch = mockApi({
      'GET campaigns/all-campaigns?page=1&limit=10': () => page([C1], 11),
      'GET campaigns/all-campaigns?page=2&limit=10': () => page([C2], 11, 2),
      'GET campaigns/all-campaigns?page=1&limit=10&search=Win': () => page([C2]),
      'GET campaigns/all-campaigns?page=1&limit=10&search=Win&status=draft': () => page([C2]),
      'GET campaigns/all-campaigns?page=1&limit=10&search=zzz': () => page([]),
    })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    await screen.findByRole('article', { name: 'Summer Glow' })
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('article', { name: 'Winter Drop' })).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'Win')
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u.endsWith('search=Win'))).toBe(true))
    // Typing is debounced: no request per keystroke.
    expect(fetch.mock.calls.some(([u]) => u.endsWith('search=W'))).toBe(false)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'draft')
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u.endsWith('search=Win&status=draft'))).toBe(true))

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), '')
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search campaigns' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'zzz')
    expect(await screen.findByRole('heading', { name: 'No campaigns match' })).toBeInTheDocument()
  })

  it('deletes a campaign after confirmation and reloads the list', async () => {
    let rows = [C1, C2]
    const fetch = mockApi({
      'GET campaigns/all-campaigns?page=1&limit=10': () => page(rows),
      'DELETE campaigns/c1': () => {
        rows = [C2]
        return [200, { data: { message: 'Campaign deleted successfully' } }]
      },
    })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Summer Glow' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete campaign?' })
    expect(within(dialog).getByText(/"Summer Glow" will be removed/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Summer Glow' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Delete' }))
    expect(await screen.findByText('Campaign deleted successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Summer Glow' })).not.toBeInTheDocument())
    expect(screen.getByRole('article', { name: 'Winter Drop' })).toBeInTheDocument()
  })

  it('toasts the server message when a delete fails', async () => {
    mockApi({
      'GET campaigns/all-campaigns?page=1&limit=10': () => page([C1]),
      'DELETE campaigns/c1': () => [403, { message: 'You do not have permission', error_code: 'forbidden' }],
    })
    renderRoute(<CampaignList />, { path: '/campaigns' })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Summer Glow' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Delete' }))
    expect(await screen.findByText('You do not have permission')).toBeInTheDocument()
  })
})
