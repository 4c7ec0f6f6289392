import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, signIn } from './render-app'
import { resetAuthStore } from '../../lib/auth-store'
import { mockApi } from '../../test-utils'

describe('role guard', () => {
  beforeEach(() => {
    localStorage.clear()
    resetAuthStore()
  })

  it('sends an anonymous visitor to /login keeping the origin, with an Unauthenticated toast', async () => {
    mockApi({})
    renderApp('/campaigns')
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument()
    const location = await screen.findByTestId('location')
    expect(location).toHaveTextContent('/login')
    expect(JSON.parse(location.dataset.state).from.pathname).toBe('/campaigns')
    expect(await screen.findByText('Unauthenticated')).toBeInTheDocument()
  })

  it('after log-in waits for the profile instead of flashing the 404 view', async () => {
    let release
    const profileReady = new Promise((r) => (release = r))
    mockApi({
      'POST users/login': () => [200, { data: { accessToken: 'a', refreshToken: 'r' } }],
      'GET users/me': async () => {
        await profileReady
        return [200, { data: { user: { _id: 'u', name: 'Bea', role: 'BRAND_MANAGER' } } }]
      },
      'GET campaigns/all-campaigns?page=1&limit=10': () => [200, { data: { campaigns: [], total: 0, page: 1, limit: 10 } }],
    })
    renderApp({ pathname: '/login', state: { from: { pathname: '/campaigns' } } })
    await userEvent.type(await screen.findByLabelText('Email'), 'manager@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'Demo#2026')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Login Successful')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/campaigns'))
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument()
    release()
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument()
  })

  it.each([
    ['/roaster', 'ADMIN', 'Upload File'],
    ['/roaster', 'ADMIN', 'No imports yet. Uploaded rosters will appear here.'],
    ['/creator-network', 'BRAND_MANAGER', 'No creators in the network yet'],
    ['/admin/creators', 'ADMIN', 'No creators yet'],
    ['/admin/brands', 'ADMIN', 'No brands yet'],
  ])('%s as %s shows %s', async (path, role, text) => {
    signIn(role)
    renderApp(path)
    expect(await screen.findByText(text)).toBeInTheDocument()
  })

  it('redirects / to /login', async () => {
    mockApi({})
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/login')
  })

  it('sends an authenticated visit to /login on to /dashboard', async () => {
    signIn('USER')
    renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mission Control' })).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard')
  })

  it('sends unknown signed-in paths to /dashboard', async () => {
    signIn('BRAND_VIEWER')
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mission Control' })).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard')
  })

  it('keeps public pages public', async () => {
    mockApi({})
    renderApp('/refund-policy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund Policy' })).toBeInTheDocument()
    expect(screen.getByText('Last Updated May 14th, 2025')).toBeInTheDocument()
  })
})
