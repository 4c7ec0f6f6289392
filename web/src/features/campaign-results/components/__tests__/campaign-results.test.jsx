import { describe, it, expect, beforeEach, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CampaignResults } from '../campaign-results'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'
import { setUser, resetAuthStore } from '../../../../lib/auth-store'
import { saveFile } from '../../../../lib/save-file'
import { EMPTY, RESULTS, ok } from './results-fixtures'

vi.mock('../../../../components/trend-chart', () => ({ default: ({ summary }) => <p>{`chart: ${summary}`}</p> }))
vi.mock('../../../../lib/save-file', () => ({ saveFile: vi.fn() }))

const SHARE_NONE = () => [200, { data: { share: null } }]

function show(api, role = 'BRAND_ADMIN') {
  setUser({ _id: 'u', name: 'Bea', role })
  const fetch = mockApi({ 'GET campaigns/c1/share': SHARE_NONE, ...api })
  const view = renderRoute(<CampaignResults id="c1" />, { path: '/campaigns/:id/results', entry: '/campaigns/c1/results' })
  return { fetch, ...view }
}

describe('CampaignResults', () => {
  beforeEach(() => {
    resetAuthStore()
    localStorage.setItem('access_token', 'tok')
    vi.mocked(saveFile).mockClear()
  })

  it('shows a spinner while the results load', async () => {
    let release
    show({ 'GET campaigns/c1/results': () => new Promise((r) => (release = r)) })
    expect(screen.getByRole('status')).toHaveTextContent('Loading results…')
    release(ok(RESULTS)())
    expect(await screen.findByRole('heading', { name: 'Autumn Lookbook' })).toBeInTheDocument()
  })

  it('shows a load error with Try again', async () => {
    let calls = 0
    show({ 'GET campaigns/c1/results': () => (++calls === 1 ? [500, { message: 'Database unavailable' }] : ok(RESULTS)()) })
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Autumn Lookbook' })).toBeInTheDocument()
  })

  it("shows 'Campaign not found' for another brand's campaign", async () => {
    show({ 'GET campaigns/c1/results': () => [404, { message: 'Campaign not found' }] })
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument()
  })

  it('says what happens before any post is captured, and lists the creators with accepted offers', async () => {
    const { container } = show({ 'GET campaigns/c1/results': ok(EMPTY) })
    const empty = await screen.findByRole('heading', { name: 'No posts captured yet' })
    expect(empty.closest('section')).toHaveTextContent('Posts tagged #acmeautumn by creators with accepted offers appear here after the next sync.')
    expect(screen.queryByRole('region', { name: 'Views' })).toBeNull()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('No post yet')
    expect(rows[1]).not.toHaveTextContent(/\b0\b/)
    await expectNoAxeViolations(container)
  })

  it('shows the totals with their basis, the chart with its table, and one row per creator with post links', async () => {
    const { container } = show({ 'GET campaigns/c1/results': ok(RESULTS) })
    await screen.findByRole('heading', { name: 'Autumn Lookbook' })
    expect(screen.getByText('Acme Studio · Oct 1, 2026 – Oct 31, 2026 · Completed · #acmeautumn')).toBeInTheDocument()
    const card = (name) => screen.getByRole('region', { name })
    expect(card('Views')).toHaveTextContent('12,000Measured')
    expect(card('Posts')).toHaveTextContent('3Measured')
    expect(card('Reach')).toHaveTextContent('n/a')
    expect(card('Reach')).toHaveTextContent('No platform of these posts reports reach')
    expect(card('Engagement per view')).toHaveTextContent('8.33%Derived= (likes + comments + shares) / views × 100')
    expect(screen.queryByRole('region', { name: 'Engagement rate' })).toBeNull()
    expect(card('Engagements')).toHaveTextContent('1,000Derived= likes + comments + shares')
    expect(card('Shares')).toHaveTextContent('20MeasuredReported by YouTube')
    expect(card('Spend')).toHaveTextContent('$1,800.00')
    expect(screen.getByLabelText('Spend against budget')).toHaveTextContent('Spend $1,800.00 of $5,000.00 budget (36%)')
    expect(card('CPM')).toHaveTextContent('$150.00')
    expect(card('CPE')).toHaveTextContent('$1.80')
    expect(card('Cost per view')).toHaveTextContent('$0.1500')
    expect(screen.getByText(/^As of /)).toHaveTextContent('measured from the creators')

    expect(await screen.findByText(/^chart: Views to date rose from 4,000 on Oct 5 to 12,000 on Oct 6/)).toBeInTheDocument()
    const daily = within(screen.getByRole('region', { name: 'Daily figures' })).getAllByRole('row')
    expect(daily).toHaveLength(3)
    expect(daily[2]).toHaveTextContent('Oct 612,00090080n/a1,000')

    const creators = within(screen.getByRole('region', { name: 'Creators' }).querySelector('table')).getAllByRole('row')
    expect(creators).toHaveLength(3)
    expect(creators[1]).toHaveTextContent("Cleo Creator@cleoInstagramCompleted$1,000.009,00070060n/a: Instagram does not report shares8.40%Post 2: Cleo Creator's Instagram post of Oct 6, 2026 · Oct 6, 2026Post 1: Cleo Creator's Instagram post of Oct 5, 2026 · Oct 5, 2026Post 2: Paid until 2026-11-05Post 1: Paid until 2026-11-04")
    expect(within(creators[2]).getByRole('cell', { name: /Organic only; exclusive until 2026-11-30/ })).toBeInTheDocument()
    expect(within(creators[1]).getByTitle('Instagram does not report shares')).toBeInTheDocument()
    const post = within(creators[1]).getByRole('link', { name: /^Post 2 ?: Cleo Creator's Instagram post of Oct 6, 2026$/ })
    expect(post).toHaveAttribute('href', 'https://instagram.test/p/ig2')
    expect(within(creators[2]).getByRole('link', { name: /^Post 1 ?: Dev Maker's YouTube post of Oct 6, 2026$/ })).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  it('downloads the CSV with the session token', async () => {
    const { fetch } = show({ 'GET campaigns/c1/results': ok(RESULTS), 'GET campaigns/c1/results.csv': () => [200, 'creator,handle'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalled())
    expect(vi.mocked(saveFile).mock.calls[0].slice(1)).toEqual(['autumn-lookbook-results.csv', 'text/csv'])
    const [, init] = fetch.mock.calls.find(([u]) => u === '/api/campaigns/c1/results.csv')
    expect(init.headers.Authorization).toBe('Bearer tok')
  })

  it('makes the PDF as a job, shows its progress, then offers the download', async () => {
    let polls = 0
    const job = (status, progress, result = null) => [200, { data: { job: { id: 'j1', kind: 'campaign_export_pdf', status, progress, result } } }]
    show({
      'GET campaigns/c1/results': ok(RESULTS),
      'POST campaigns/c1/results/pdf': () => [202, { data: { job: { id: 'j1', kind: 'campaign_export_pdf', status: 'queued', progress: 0 } } }],
      'GET jobs/j1': () => (++polls < 2 ? job('running', 40) : job('succeeded', 100, { fileId: 'f.pdf', name: 'autumn-lookbook-results.pdf', url: '/api/files/f.pdf?expires=1&sig=s', expiresAt: '2026-11-03T10:00:00Z' })),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByRole('progressbar', { name: 'PDF export' })).toHaveAttribute('aria-valuenow', '40')
    expect(screen.getByRole('button', { name: 'Making PDF…' })).toBeDisabled()
    const link = await screen.findByRole('link', { name: 'Download PDF' }, { timeout: 4000 })
    expect(link).toHaveAttribute('href', '/api/files/f.pdf?expires=1&sig=s')
    expect(link).toHaveAttribute('download', 'autumn-lookbook-results.pdf')
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeEnabled()
  })

  it('says why the PDF failed', async () => {
    show({
      'GET campaigns/c1/results': ok(RESULTS),
      'POST campaigns/c1/results/pdf': () => [429, { message: 'Too many exports. Try again in an hour.' }],
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText('Too many exports. Try again in an hour.')).toBeInTheDocument()
  })

  it('offers Share results to editors and ADMIN, not to a brand viewer', async () => {
    show({ 'GET campaigns/c1/results': ok(RESULTS) }, 'BRAND_VIEWER')
    await screen.findByRole('heading', { name: 'Autumn Lookbook' })
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share results' })).toBeNull()
  })
})
