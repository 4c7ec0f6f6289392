import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DeleteMyAccountSection } from '../delete-my-account-section'
import { mockApi, renderRoute } from '../../../../test-utils'
import { getAuthState, setTokens } from '../../../../lib/auth-store'
import { resetToasts } from '../../../../lib/toast'

const REASONS = [
  'No longer using the service/platform',
  'Found a better alternative',
  'Difficulty navigating the platform',
  'Privacy concerns',
  'Account security concerns',
  'Personal reasons',
  'Others',
]

describe('DeleteMyAccountSection', () => {
  beforeEach(() => {
    resetToasts()
    setTokens({ accessToken: 'a1', refreshToken: 'r1' })
  })

  it('lists the SPEC reasons and requires one', async () => {
    const fetch = mockApi({})
    renderRoute(<DeleteMyAccountSection />, { path: '/account-settings' })
    expect(screen.getAllByRole('radio').map((r) => r.value)).toEqual(REASONS)
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    expect(await screen.findByText('Please select a reason for deleting your account')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('confirms, deletes with the reason, signs out and goes to /login', async () => {
    const fetch = mockApi({ 'DELETE users': () => [200, { data: { message: 'Your account has been successfully deleted.' } }] })
    renderRoute(<DeleteMyAccountSection />, { path: '/account-settings' })
    await userEvent.click(screen.getByRole('radio', { name: 'Found a better alternative' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account?' })
    expect(within(dialog).getByText('Are you sure you want to permanently delete your account? This action cannot be undone.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }))
    expect(await screen.findByText('Your account has been successfully deleted.')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/login')
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/users')
    expect(init.method).toBe('DELETE')
    expect(init.headers.Authorization).toBe('Bearer a1')
    expect(JSON.parse(init.body)).toEqual({ reason: 'Found a better alternative' })
    expect(getAuthState().isAuthenticated).toBe(false)
    expect(localStorage.length).toBe(0)
  })

  it('No, Cancel keeps the account', async () => {
    const fetch = mockApi({})
    renderRoute(<DeleteMyAccountSection />, { path: '/account-settings' })
    await userEvent.click(screen.getByRole('radio', { name: 'Others' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    await userEvent.click(await screen.findByRole('button', { name: 'No, Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
    expect(getAuthState().isAuthenticated).toBe(true)
  })

  it('a failure keeps the session and shows the SPEC fallback', async () => {
    mockApi({ 'DELETE users': () => [500, {}] })
    renderRoute(<DeleteMyAccountSection />, { path: '/account-settings' })
    await userEvent.click(screen.getByRole('radio', { name: 'Others' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Delete' }))
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument()
    expect(getAuthState().isAuthenticated).toBe(true)
    expect(screen.queryByTestId('location')).not.toBeInTheDocument()
  })
})
