import { describe, it, expect, beforeEach, vi } from 'vitest'
import { render, screen, within, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { SWRConfig } from 'swr'
import userEvent from '@testing-library/user-event'
import { CreatorMissionControl } from '../creator-mission-control'
import { mockDashboard, openDashboard, signInCreator } from './dashboard-api'

// The chart draws on a canvas, which jsdom lacks: a stand-in shows what it was given.
vi.mock('../../../../components/trend-chart', () => ({
  default: ({ name, history }) => <p>{`${name} chart, ${history.length} days`}</p>,
}))

const ACCOUNTS = [
  { _id: 'a1', platform: 'instagram', platformName: 'Instagram', username: 'cleo_fit', createdAt: '2026-11-01T10:00:00Z', status: 'connected', lastSyncedAt: '2026-11-22T10:00:00Z', analytics: { followers: 12345 } },
  { _id: 'a2', platform: 'youtube', platformName: 'YouTube', username: 'cleo_fit', createdAt: '2026-11-01T10:00:00Z', status: 'reconnect_needed', statusReason: 'Token has been expired or revoked.', lastSyncedAt: null, analytics: { subscribers: 900 } },
]

const history = (n) => Array.from({ length: n }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, followers: 12000 + i, like: 10, view: 100, organicImpression: 50 }))

const engagement = (days) => ({
  data: {
    engagement: {
      platform: [{ platformName: 'Instagram', platform: 'instagram', data: [{ like: 4321, view: 98765, organicImpression: 5555, followers: 12345 }], history: history(Math.min(days, 30)) }],
      demographics: {
        age: [{ range: '18-24', share: 0.4 }, { range: '25-34', share: 0.6 }],
        gender: [{ gender: 'female', share: 0.7 }, { gender: 'male', share: 0.3 }],
        countries: [{ country: 'US', share: 0.5 }],
        platforms: [{ platformName: 'Instagram', shared: true }, { platformName: 'YouTube', shared: false }],
      },
    },
  },
})

const ANSWERS = { accounts: { accounts: ACCOUNTS }, engagement: { 30: engagement(30), 90: engagement(90) } }

describe('CreatorMissionControl', () => {
  beforeEach(signInCreator)

  it('shows a card per platform in its state, the charts and the audience', async () => {
    openDashboard(ANSWERS)
    const ig = await screen.findByRole('region', { name: 'Instagram' })
    expect(within(ig).getByText('@cleo_fit')).toBeInTheDocument()
    expect(within(ig).getByText('12,345')).toBeInTheDocument()
    expect(await within(ig).findByText('4,321')).toBeInTheDocument()
    expect(within(ig).getByText('98,765')).toBeInTheDocument()
    expect(within(ig).getByText(/Last synced/)).toBeInTheDocument()
    const yt = screen.getByRole('region', { name: 'YouTube' })
    expect(within(yt).getByText('Subscribers')).toBeInTheDocument()
    expect(within(yt).getByText('Token has been expired or revoked.')).toBeInTheDocument()
    expect(within(yt).getByRole('button', { name: 'Reconnect YouTube' })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'TikTok' })).getByRole('button', { name: 'Connect TikTok' })).toBeInTheDocument()
    expect(await screen.findByText('Instagram chart, 30 days')).toBeInTheDocument()
    const audience = screen.getByRole('region', { name: 'Audience Demographics' })
    expect(within(audience).getByText('Female')).toBeInTheDocument()
    expect(within(audience).getByText('70.0%')).toBeInTheDocument()
    expect(within(audience).getByText('YouTube does not share audience demographics.')).toBeInTheDocument()
  })

  it('switches the charts to 90 days', async () => {
    const fetch = openDashboard(ANSWERS)
    await userEvent.click(await screen.findByRole('button', { name: '90 days' }))
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('accounts/engagement?days=90'))).toBe(true))
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('shows the progress of a sync it starts', async () => {
    openDashboard(ANSWERS, {
      'POST accounts/a1/sync': () => [202, { data: { job: { id: 'j1', status: 'queued', progress: 0 } } }],
      'GET jobs/j1': () => [200, { data: { job: { id: 'j1', status: 'running', progress: 40 } } }],
    })
    const ig = await screen.findByRole('region', { name: 'Instagram' })
    await userEvent.click(within(ig).getByRole('button', { name: 'Sync now' }))
    const bar = await screen.findByRole('progressbar')
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'))
    expect(screen.getByText('Syncing your analytics… 40%')).toBeInTheDocument()
  })

  it('asks for the consent page of the platform to connect', async () => {
    const fetch = openDashboard(ANSWERS, { 'POST accounts': () => [200, { data: { url: '#consent' } }] })
    await userEvent.click(await screen.findByRole('button', { name: 'Connect TikTok' }))
    await waitFor(() => {
      const post = fetch.mock.calls.find(([url, init]) => String(url).endsWith('/accounts') && init?.method === 'POST')
      expect(JSON.parse(post[1].body)).toEqual({ id: 'tiktok' })
    })
  })

  it('disconnects after the confirmation', async () => {
    const fetch = openDashboard(ANSWERS, { 'DELETE accounts/a1': () => [200, { data: { message: 'Instagram disconnected' } }] })
    const ig = await screen.findByRole('region', { name: 'Instagram' })
    await userEvent.click(within(ig).getByRole('button', { name: 'Disconnect' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, disconnect' }))
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('accounts/a1') && init?.method === 'DELETE')).toBe(true))
  })
})

describe('CreatorMissionControl, back from the consent page', () => {
  beforeEach(signInCreator)

  const renderAt = (entry) =>
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/dashboard" element={<CreatorMissionControl />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    )

  it('finishes the link as the signed-in creator, once, and follows the first sync', async () => {
    const fetch = mockDashboard(ANSWERS, {
      'POST accounts/token': () => [201, { data: { job: { id: 'j9', status: 'queued', progress: 0 } } }],
      'GET jobs/j9': () => [200, { data: { job: { id: 'j9', status: 'running', progress: 30 } } }],
    })
    renderAt('/dashboard?connect=tiktok&code=c0de&state=st4te')
    const bar = await screen.findByRole('progressbar')
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'))
    const posts = fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/accounts/token') && init?.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0][1].body)).toEqual({ platform: 'tiktok', code: 'c0de', state: 'st4te' })
  })

  it("shows the server's refusal", async () => {
    mockDashboard(ANSWERS, { 'POST accounts/token': () => [409, { message: 'This account is already connected to another profile', error_code: 'conflict' }] })
    renderAt('/dashboard?connect=instagram&code=c0de&state=st4te')
    expect(await screen.findByText('This account is already connected to another profile')).toBeInTheDocument()
  })
})
