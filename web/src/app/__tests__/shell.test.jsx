import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, signIn } from './render-app'
import { resetAuthStore, getAuthState } from '../../lib/auth-store'
import { mockApi } from '../../test-utils'

const sidebarLabels = () =>
  within(screen.getByRole('complementary', { name: 'Sidebar' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')])

describe('shell', () => {
  beforeEach(() => {
    localStorage.clear()
    resetAuthStore()
  })

  it.each([
    ['USER', [['Dashboard', '/dashboard'], ['Offers', '/my-offers'], ['Ask Your Creator Coach', '/coach'], ['Media kit', '/media-kit'], ['Earnings', '/earnings'], ['Settings', '/account-settings']]],
    ['ADMIN', [['Dashboard', '/dashboard'], ['Roster', '/roaster'], ['Creators', '/admin/creators'], ['Brands', '/admin/brands'], ['Suppressions', '/admin/suppressions'], ['Campaigns', '/offers'], ['Payments', '/admin/payments'], ['Settings', '/account-settings']]],
    ['BRAND_ADMIN', [['Dashboard', '/dashboard'], ['Campaigns', '/campaigns'], ['Creators', '/creator-network'], ['Payments', '/payments'], ['Media kits', '/brand-kits'], ['Settings', '/account-settings']]],
    ['BRAND_MANAGER', [['Dashboard', '/dashboard'], ['Campaigns', '/campaigns'], ['Creators', '/creator-network'], ['Payments', '/payments'], ['Settings', '/account-settings']]],
    ['BRAND_VIEWER', [['Dashboard', '/dashboard'], ['Campaigns', '/campaigns'], ['Creators', '/creator-network'], ['Payments', '/payments']]],
  ])('sidebar entries for %s', async (role, expected) => {
    signIn(role)
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    await waitFor(() => expect(sidebarLabels()).toEqual(expected))
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('dashboard header has the Mission Control subtitle', async () => {
    signIn('USER')
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    expect(screen.getByText('Your campaign performance at a glance')).toBeInTheDocument()
  })

  it('brand roles see the Growth Plan card, others do not', async () => {
    signIn('BRAND_VIEWER')
    const { unmount } = renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    expect(await screen.findByText('Growth Plan')).toBeInTheDocument()
    expect(screen.getByText('$8,500 / $10,000 monthly budget')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument()
    unmount()
    signIn('USER')
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    expect(screen.queryByText('Growth Plan')).not.toBeInTheDocument()
  })

  it('BRAND_ADMIN without a profile image sees Start New Campaign', async () => {
    signIn('BRAND_ADMIN')
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    expect(await screen.findByRole('link', { name: 'Start New Campaign' })).toHaveAttribute('href', '/create-campaign')
  })

  it('the header shows the profile image when there is one', async () => {
    signIn('BRAND_ADMIN', { profileImage: 'https://img.example/p.png' })
    renderApp('/dashboard')
    await waitFor(() => expect(screen.getByRole('img', { name: 'Profile' })).toHaveAttribute('src', 'https://img.example/p.png'))
    expect(screen.queryByRole('link', { name: 'Start New Campaign' })).not.toBeInTheDocument()
  })

  it('hides the sidebar on create and update campaign pages', async () => {
    signIn('BRAND_MANAGER')
    renderApp('/create-campaign')
    await screen.findByRole('heading', { level: 1, name: 'Create Campaign' })
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument()
  })

  it('shows an honest empty state on pages that are not built yet', async () => {
    signIn('BRAND_ADMIN')
    renderApp('/campaigns')
    expect(await screen.findByText('No campaigns yet', {}, { timeout: 10000 })).toBeInTheDocument()
  })

  it('logout opens the confirm dialog; No closes it', async () => {
    signIn('USER')
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    await userEvent.click(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('button', { name: 'Logout' }))
    const dialog = screen.getByRole('dialog', { name: 'Are you leaving?' })
    expect(within(dialog).getByText('Are you sure you want to logout? All your data is saved with your account.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('dialog', { name: 'Are you leaving?' })).not.toBeInTheDocument()
    expect(getAuthState().isAuthenticated).toBe(true)
  })

  it('/logout opens the dialog instead of a page', async () => {
    signIn('ADMIN')
    renderApp('/logout')
    expect(await screen.findByRole('dialog', { name: 'Are you leaving?' })).toBeInTheDocument()
  })

  it('a failed logout says Failed to logout', async () => {
    signIn('USER')
    mockApi({
      'GET users/me': () => [200, { data: { user: { _id: 'u', role: 'USER', name: 'U' } } }],
      'POST users/logout': () => [500, { message: 'boom' }],
    })
    renderApp('/dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Mission Control' })
    await userEvent.click(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('button', { name: 'Logout' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Failed to logout')).toBeInTheDocument()
  })

  it('losing the session shows Unauthenticated and goes to /login', async () => {
    localStorage.setItem('access_token', 'stale')
    resetAuthStore()
    mockApi({ 'GET users/me': () => [401, { message: 'expired' }] })
    renderApp('/dashboard')
    expect(await screen.findByText('Unauthenticated')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/login')
  })
})
