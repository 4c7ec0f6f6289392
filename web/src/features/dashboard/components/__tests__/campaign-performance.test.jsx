import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import { DashboardOverview } from '../dashboard-overview'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'
import { setUser, resetAuthStore } from '../../../../lib/auth-store'

const PERFORMANCE = {
  month: '2026-11',
  views: { value: 48200, basis: 'measured' },
  engagements: { value: 3100, basis: 'measured' },
  engagementPerView: { value: 6.43, basis: 'derived', formula: '(likes + comments + shares) / views × 100' },
  spend: { value: 3600, basis: 'derived', formula: 'sum of accepted and completed offers' },
  budget: 12000,
  topPosts: [
    { campaignId: 'c1', campaignName: 'Winter Warmup', creatorName: 'Cleo Creator', platform: 'instagram', url: 'https://instagram.test/p/1', views: 20000, likes: 1500, comments: 90, shares: null, publishedAt: '2026-11-10T10:00:00Z' },
  ],
  waitingOnBrand: [
    { campaignId: 'c2', campaignName: 'Spring Fitness Push', entryId: 'e9', creatorName: 'Dev Maker', amount: 1100, status: 'countered', updatedAt: '2026-11-20T10:00:00Z' },
  ],
}

const summary = (performance, usageEnding = []) => ({
  data: { summary: { active: 2, drafts: 0, completed: 1, total: 3, totalBudget: 12000, averageBudget: 4000, nextCampaign: null, performance, usageEnding } },
})

const dayFromToday = (n) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10)

describe("Mission Control's performance", () => {
  beforeEach(() => resetAuthStore())

  it('shows views, engagement, spend against budget, the top posts and the counters waiting on the brand', async () => {
    setUser({ _id: 'u', name: 'Bea', role: 'BRAND_ADMIN' })
    mockApi({ 'GET campaigns/summary': () => [200, summary(PERFORMANCE)] })
    const { container } = renderRoute(<DashboardOverview />, { path: '/dashboard' })
    const section = await screen.findByRole('region', { name: 'Performance in November 2026' })
    expect(within(section).getByRole('region', { name: 'Views' })).toHaveTextContent('48,200Measured')
    expect(within(section).getByRole('region', { name: 'Engagement per view' })).toHaveTextContent('6.4%Derived= (likes + comments + shares) / views × 100')
    expect(within(section).queryByRole('region', { name: 'Engagement rate' })).toBeNull()
    expect(within(section).getByText('$3,600 of $12,000 budget (30%)')).toBeInTheDocument()
    expect(within(section).getByRole('progressbar', { name: 'Spend of budget' })).toHaveAttribute('aria-valuenow', '30')
    const top = within(section).getByRole('region', { name: 'Top posts' })
    expect(within(top).getByRole('link', { name: 'Cleo Creator on Instagram' })).toHaveAttribute('href', 'https://instagram.test/p/1')
    expect(within(top).getByRole('link', { name: 'Results of Winter Warmup' })).toHaveAttribute('href', '/campaigns/c1/results')
    expect(top).toHaveTextContent('20,000 views · 1,500 likes')
    const waiting = within(section).getByRole('region', { name: /Waiting on you/ })
    expect(waiting).toHaveTextContent('Dev Maker countered at $1,100 on Spring Fitness Push')
    expect(within(waiting).getByRole('link', { name: "Answer Dev Maker's counter on Spring Fitness Push" })).toHaveAttribute('href', '/update-campaign/c2#counter-e9')
    await expectNoAxeViolations(container)
  })

  it('says n/a, never 0, before any post is measured, and that nothing waits; a viewer gets no Answer links', async () => {
    setUser({ _id: 'u', name: 'Vic', role: 'BRAND_VIEWER' })
    const none = { value: null, basis: 'unavailable', reason: 'No posts published this month yet' }
    mockApi({ 'GET campaigns/summary': () => [200, summary({ ...PERFORMANCE, views: none, engagements: none, engagementPerView: none, topPosts: [], waitingOnBrand: [] })] })
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    const section = await screen.findByRole('region', { name: 'Performance in November 2026' })
    const views = within(section).getByRole('region', { name: 'Views' })
    expect(views).toHaveTextContent('n/a')
    expect(views).toHaveTextContent('No posts published this month yet')
    expect(views).not.toHaveTextContent('0')
    expect(within(section).getByText('No post of your active campaigns was published this month yet.')).toBeInTheDocument()
    expect(within(section).getByText('No counter offer is waiting for an answer.')).toBeInTheDocument()
    expect(within(section).queryByRole('link', { name: /^Answer/ })).toBeNull()
  })

  it('shows the real share of the budget and an over-budget state', async () => {
    setUser({ _id: 'u', name: 'Bea', role: 'BRAND_ADMIN' })
    mockApi({ 'GET campaigns/summary': () => [200, summary({ ...PERFORMANCE, spend: { ...PERFORMANCE.spend, value: 28650 }, budget: 15000 })] })
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    const section = await screen.findByRole('region', { name: 'Performance in November 2026' })
    expect(within(section).getByText('$28,650 of $15,000 budget (191%), over budget by $13,650')).toBeInTheDocument()
    expect(within(section).getByRole('progressbar', { name: 'Spend of budget' })).toHaveAttribute('aria-valuenow', '191')
  })

  it("lists the posts whose paid usage ends within 7 days, or says none does", async () => {
    setUser({ _id: 'u', name: 'Bea', role: 'BRAND_ADMIN' })
    const ending = [
      { postId: 'p1', url: 'https://instagram.test/p/9', platform: 'instagram', campaignId: 'c1', campaignName: 'Autumn Lookbook', creatorName: 'Cleo Creator',
        publishedAt: '2026-10-30T10:00:00Z', endsOn: dayFromToday(2), usage: { rights: '30_days', paidUntil: dayFromToday(2), exclusive: false, exclusiveUntil: null, label: `Paid until ${dayFromToday(2)}` } },
    ]
    mockApi({ 'GET campaigns/summary': () => [200, summary(PERFORMANCE, ending)] })
    const { container } = renderRoute(<DashboardOverview />, { path: '/dashboard' })
    const card = await screen.findByRole('region', { name: 'Paid usage ending soon' })
    expect(within(card).getByRole('link', { name: 'Cleo Creator on Instagram' })).toHaveAttribute('href', 'https://instagram.test/p/9')
    expect(within(card).getByRole('link', { name: 'Results of Autumn Lookbook' })).toHaveAttribute('href', '/campaigns/c1/results')
    expect(card).toHaveTextContent('ends in 2 days')
    expect(card).toHaveTextContent(`Paid until ${dayFromToday(2)}`)
    await expectNoAxeViolations(container)
  })

  it("says when no post's paid usage ends soon", async () => {
    setUser({ _id: 'u', name: 'Bea', role: 'BRAND_ADMIN' })
    mockApi({ 'GET campaigns/summary': () => [200, summary(PERFORMANCE)] })
    renderRoute(<DashboardOverview />, { path: '/dashboard' })
    const card = await screen.findByRole('region', { name: 'Paid usage ending soon' })
    expect(card).toHaveTextContent("No post's paid usage right ends in the next 7 days.")
  })
})
