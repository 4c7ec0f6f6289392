import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import { DashboardOverview } from '../dashboard-overview'
import { mockApi, renderRoute } from '../../../../test-utils'
import { setUser, resetAuthStore } from '../../../../lib/auth-store'

const SUMMARY = {
  data: {
    summary: {
      active: 2, drafts: 1, completed: 3, total: 6, totalBudget: 27500, averageBudget: 4583.33,
      nextCampaign: { _id: 'c9', campaignName: 'Summer Glow', status: 'active', startDate: '2027-06-01' },
    },
  },
}

describe('DashboardOverview', () => {
  beforeEach(() => resetAuthStore())

  it('shows Mission Control figures for a brand admin', async () => {
    setUser({ _id: 'u', name: 'Bea', role: 'BRAND_ADMIN' })
    mockApi({ 'GET campaigns/summary': () => [200, SUMMARY] })
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    expect(within(await screen.findByRole('region', { name: 'Active campaigns' })).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Drafts' })).getByText('1')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Completed' })).getByText('3')).toBeInTheDocument()
    const budget = screen.getByRole('region', { name: 'Total budget' })
    expect(within(budget).getByText('$27,500')).toBeInTheDocument()
    expect(within(budget).getByText('Average $4,583')).toBeInTheDocument()
    const next = screen.getByRole('region', { name: 'Next campaign' })
    expect(within(next).getByRole('heading', { name: 'Summer Glow' })).toBeInTheDocument()
    expect(within(next).getByText(/Starts Jun 1, 2027/)).toBeInTheDocument()
    expect(within(next).getByRole('link', { name: 'Open campaign' })).toHaveAttribute('href', '/update-campaign/c9')
  })

  it('a brand viewer sees the figures without edit links', async () => {
    setUser({ _id: 'u', name: 'Vic', role: 'BRAND_VIEWER' })
    mockApi({ 'GET campaigns/summary': () => [200, SUMMARY] })
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    expect(await screen.findByRole('region', { name: 'Next campaign' })).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('a creator gets only the greeting (the page adds their analytics) and no summary call', async () => {
    setUser({ _id: 'u', name: 'Cat', role: 'USER' })
    const fetch = mockApi({})
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    expect(screen.getByRole('heading', { name: 'Welcome, Cat!' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No performance data yet' })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
