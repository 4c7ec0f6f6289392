import { createElement } from 'react'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { mockApi, renderRoute } from '../../../../test-utils'
import { CreatorMissionControl } from '../creator-mission-control'

/** PLATFORMS is GET /api/accounts/platform's list, as the dashboard tests answer it. */
export const PLATFORMS = ['instagram', 'youtube', 'tiktok', 'linkedin'].map((id, i) => ({
  id,
  name: ['Instagram', 'YouTube', 'TikTok', 'LinkedIn'][i],
  logo_url: `/api/accounts/logos/${id}.svg`,
}))

/**
 * mockDashboard answers the creator dashboard's calls: the platforms, the accounts body (data of GET
 * /api/accounts) and the engagement answer of each window (days -> body); extra adds or overrides calls.
 */
export function mockDashboard({ accounts, engagement }, extra = {}) {
  const windows = Object.fromEntries(Object.entries(engagement).map(([days, body]) => [`GET accounts/engagement?days=${days}`, () => [200, body]]))
  return mockApi({
    'GET accounts/platform': () => [200, { data: { platforms: PLATFORMS } }],
    'GET accounts': () => [200, { data: accounts }],
    ...windows,
    ...extra,
  })
}

/** signInCreator starts a dashboard test signed in as Cleo, a creator (role USER). */
export function signInCreator() {
  resetAuthStore()
  setUser({ _id: 'u', name: 'Cleo', role: 'USER' })
}

/**
 * openDashboard answers the dashboard's calls as mockDashboard does and shows the dashboard at /dashboard; it
 * returns mockApi's fetch.
 */
export function openDashboard(answers, extra = {}) {
  const fetch = mockDashboard(answers, extra)
  renderRoute(createElement(CreatorMissionControl), { path: '/dashboard' })
  return fetch
}
