import { describe, it, expect, beforeEach, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DemographicsCard } from '../demographics-card'
import { fromZero, trendOptions } from '../../../../components/chart-axis'
import { renderRoute } from '../../../../test-utils'

import { openDashboard, signInCreator } from './dashboard-api'

vi.mock('../../../../components/trend-chart', () => ({ default: ({ name }) => <p>{`${name} chart`}</p> }))

const YT = { _id: 'a2', platform: 'youtube', platformName: 'YouTube', username: 'cleo_fit', createdAt: '2026-11-01T10:00:00Z', status: 'connected', lastSyncedAt: '2026-11-22T10:00:00Z', analytics: { subscribers: 900 } }

const ENGAGEMENT = {
  data: {
    engagement: {
      window: { from: '2026-10-24', to: '2026-11-22', days: 30 },
      platform: [
        {
          platformName: 'YouTube',
          platform: 'youtube',
          data: [{ like: 120, view: 3400, organicImpression: null, followers: 900 }],
          notReported: { organicImpression: 'YouTube does not report organic impressions' },
          history: [{ date: '2026-11-22', followers: 900, like: 120, view: 3400, organicImpression: null }],
        },
      ],
      demographics: { age: [], gender: [], countries: [], platforms: [] },
    },
  },
}

const ANSWERS = { accounts: { accounts: [YT], disconnected: [{ _id: 'a1', platform: 'instagram', platformName: 'Instagram', username: 'cleo_ig', status: 'disconnected', disconnectedAt: '2026-11-20T12:00:00Z' }] }, engagement: { 30: ENGAGEMENT } }

describe('figures on the creator dashboard', () => {
  beforeEach(signInCreator)

  it('shows n/a with the reason for a figure the platform does not report, never 0, and where figures come from', async () => {
    openDashboard(ANSWERS)
    const yt = await screen.findByRole('region', { name: 'YouTube' })
    const label = await within(yt).findByText('Organic impressions (30 days)')
    const value = label.nextElementSibling
    expect(value).toHaveTextContent(/^n\/a/)
    expect(value).toHaveAttribute('title', 'YouTube does not report organic impressions')
    expect(within(value).getByText(': YouTube does not report organic impressions')).toHaveClass('visually-hidden')
    expect(within(yt).getByText('3,400')).toBeInTheDocument()
    expect(within(yt).getByText('Measured by YouTube, Oct 24 – Nov 22')).toBeInTheDocument()
  })

  it('says when an account was disconnected and offers to reconnect it', async () => {
    openDashboard(ANSWERS)
    const ig = await screen.findByRole('region', { name: 'Instagram' })
    expect(await within(ig).findByText(/Disconnected on Nov 20, 2026/)).toBeInTheDocument()
    expect(within(ig).getByRole('button', { name: 'Reconnect Instagram' })).toBeInTheDocument()
    expect(within(ig).queryByText('Not connected yet.')).not.toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'TikTok' })).getByText('Not connected yet.')).toBeInTheDocument()
  })

  it.each([
    [3, 'Synced: 3 new days'],
    [1, 'Synced: 1 new day'],
    [0, 'Already up to date'],
  ])('ends a sync that found %i new days with "%s"', async (newDays, text) => {
    openDashboard(ANSWERS, {
      'POST accounts/a2/sync': () => [202, { data: { job: { id: 'j1', status: 'queued', progress: 0 } } }],
      'GET jobs/j1': () => [200, { data: { job: { id: 'j1', kind: 'social_sync', status: 'succeeded', progress: 100, result: { accountId: 'a2', days: 3, newDays } } } }],
    })
    const yt = await screen.findByRole('region', { name: 'YouTube' })
    await userEvent.click(within(yt).getByRole('button', { name: 'Sync now' }))
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status')
  })

  it('says which campaign posts a sync captured', async () => {
    const captured = [{ campaignId: 'k1', campaignName: 'Holiday Glow', posts: 2 }, { campaignId: 'k2', campaignName: 'Winter Warmup', posts: 1 }]
    openDashboard(ANSWERS, {
      'POST accounts/a2/sync': () => [202, { data: { job: { id: 'j1', status: 'queued', progress: 0 } } }],
      'GET jobs/j1': () => [200, { data: { job: { id: 'j1', kind: 'social_sync', status: 'succeeded', progress: 100, result: { accountId: 'a2', days: 3, newDays: 1, captured } } } }],
    })
    const yt = await screen.findByRole('region', { name: 'YouTube' })
    await userEvent.click(within(yt).getByRole('button', { name: 'Sync now' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Synced: 1 new day. 2 campaign posts captured for Holiday Glow; 1 campaign post captured for Winter Warmup.')
  })
})

describe('DemographicsCard', () => {
  it('shows each platform audience under its name, with the shares the platform reports', () => {
    const one = (age, female) => ({ age: [{ range: '18-24', share: age }], gender: [{ gender: 'female', share: female }], countries: [{ country: 'US', share: 0.41 }] })
    renderRoute(
      <DemographicsCard
        demographics={{
          age: [],
          gender: [],
          countries: [],
          platforms: [
            { platform: 'instagram', platformName: 'Instagram', shared: true, ...one(0.38, 0.64) },
            { platform: 'tiktok', platformName: 'TikTok', shared: true, ...one(0.5, 0.7) },
            { platform: 'linkedin', platformName: 'LinkedIn', shared: false, age: [], gender: [], countries: [] },
          ],
        }}
      />,
    )
    const ig = screen.getByRole('region', { name: 'Instagram audience' })
    expect(within(ig).getByText('64.0%')).toBeInTheDocument()
    expect(within(ig).getByText('38.0%')).toBeInTheDocument()
    const tt = screen.getByRole('region', { name: 'TikTok audience' })
    expect(within(tt).getByText('70.0%')).toBeInTheDocument()
    expect(screen.getByText('LinkedIn does not share audience demographics.')).toBeInTheDocument()
  })
})

describe('trend chart options', () => {
  it('titles every axis and counts from zero', () => {
    const o = trendOptions({ width: 300, followersLabel: 'Subscribers', activityLabel: 'Views' })
    expect(o.axes.map((a) => a.label)).toEqual(['Date (UTC)', 'Subscribers', 'Views'])
    expect(o.scales.f.range).toBe(fromZero)
    expect(o.scales.v.range).toBe(fromZero)
    expect(fromZero(null, 12000, 20000)).toEqual([0, 21000])
    expect(fromZero(null, 0, 0)).toEqual([0, 1])
  })
})
