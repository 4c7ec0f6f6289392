import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { AppRoutes } from '../app-routes'
import { Toaster } from '../../lib/toast'
import { LocationProbe } from '../../test-utils'
import { resetAuthStore } from '../../lib/auth-store'
import { resetToasts } from '../../lib/toast'
import { mockApi } from '../../test-utils'

/** signIn stores tokens and mocks the profile calls for `role`. */
export function signIn(role, user = {}) {
  localStorage.setItem('access_token', 'access')
  localStorage.setItem('refresh_token', 'refresh')
  resetAuthStore()
  const profile = { _id: 'u1', name: 'Test User', email: 't@example.com', profileImage: '', role, niche: null, brand: null, ...user }
  return mockApi({
    'GET users/me': () => [200, { data: { user: profile } }],
    'GET users/profile': () => [200, { data: { user: profile } }],
    'POST users/logout': () => [200, { data: { message: 'Logged out' } }],
    'GET campaigns/all-campaigns?page=1&limit=10': () => [200, { data: { campaigns: [], total: 0, page: 1, limit: 10 } }],
    'GET campaigns/summary': () => [200, { data: { summary: { active: 0, drafts: 0, completed: 0, total: 0, totalBudget: 0, averageBudget: 0, nextCampaign: null } } }],
    'GET jobs?kind=creator_import&limit=10': () => [200, { data: { jobs: [], total: 0, page: 1, limit: 10 } }],
    'GET niche': () => [200, { data: { niche: [] } }],
    'GET creators?page=1&limit=12&sort=followers': () => [200, { data: { creators: [], total: 0, page: 1, limit: 12 } }],
    'GET admins/get-creators?page=1&limit=10': () => [200, { data: { creators: [], total: 0, page: 1, limit: 10 } }],
    'GET admins/get-brands?page=1&limit=10': () => [200, { data: { brands: [], total: 0, page: 1, limit: 10 } }],
  })
}

export function renderApp(entry) {
  resetToasts()
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[typeof entry === 'string' ? { pathname: entry } : entry]}>
        <AppRoutes />
        <LocationProbe />
        <Toaster />
      </MemoryRouter>
    </SWRConfig>,
  )
}
