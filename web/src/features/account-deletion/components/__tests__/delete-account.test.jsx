import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within, fireEvent } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DeleteAccountForm } from '../delete-account-form'
import { DeleteMyAccountSection } from '../delete-my-account-section'
import { DELETION_REASONS as REASONS } from '../delete-account-schema'
import { getAuthState, setTokens } from '../../../../lib/auth-store'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'


/** fillAndSubmit fills the public deletion form (e-mail, pasted code, reason 'Others') and submits it. */
async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com')
  fireEvent.paste(screen.getAllByRole('textbox', { name: /Digit/ })[0], { clipboardData: { getData: () => '987654' } })
  await userEvent.click(screen.getByRole('radio', { name: 'Others' }))
  await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
}

describe('DeleteAccountForm', () => {
  beforeEach(() => resetToasts())

  it('lists the seven reasons and the 30-day recovery note', () => {
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    expect(screen.getAllByRole('radio').map((r) => r.value)).toEqual(REASONS)
    expect(screen.getByText(/recover your account within 30\s+days by logging in again/)).toBeInTheDocument()
    expect(screen.getByText(/permanently deleted/)).toBeInTheDocument()
  })

  it('validation messages', async () => {
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('OTP digit is required')).toBeInTheDocument()
    expect(screen.getByText('Please select a reason for deleting your account')).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('Email'), 'bad@')
    await userEvent.click(screen.getAllByRole('textbox', { name: /Digit/ })[0])
    await userEvent.keyboard('12')
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText('OTP must be 6 digits')).toBeInTheDocument()
  })

  it('Send OTP validates the e-mail first', async () => {
    const fetch = mockApi({})
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends the code, locks the e-mail, confirms and deletes', async () => {
    const fetch = mockApi({
      'POST users/delete-account-otp': () => [200, { data: { message: 'Code sent' } }],
      'DELETE users/delete-account': () => [200, { data: { message: 'Deleted' } }],
    })
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    await userEvent.type(screen.getByLabelText('Email'), ' ann@example.com ')
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(await screen.findByRole('button', { name: 'OTP Sent' })).toBeDisabled()
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ email: 'ann@example.com' })

    fireEvent.paste(screen.getAllByRole('textbox', { name: /Digit/ })[0], { clipboardData: { getData: () => '987654' } })
    await userEvent.click(screen.getByRole('radio', { name: 'Privacy concerns' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }))

    const dialog = await screen.findByRole('dialog', { name: 'Delete Account?' })
    expect(
      within(dialog).getByText('Are you sure you want to permanently delete your account? This action cannot be undone.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'No, Cancel' })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }))

    expect(await screen.findByText('Your account has been successfully deleted.')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/login')
    const del = fetch.mock.calls.find(([u]) => u === '/api/users/delete-account')
    expect(del[1].method).toBe('DELETE')
    expect(JSON.parse(del[1].body)).toEqual({ email: 'ann@example.com', otp: '987654', reason: 'Privacy concerns' })
  })

  it('No, Cancel closes the dialog without deleting', async () => {
    const fetch = mockApi({})
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    await fillAndSubmit()
    await userEvent.click(await screen.findByRole('button', { name: 'No, Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('falls back to the product message when deletion fails without one', async () => {
    mockApi({ 'DELETE users/delete-account': () => [500, {}] })
    renderRoute(<DeleteAccountForm />, { path: '/delete-account' })
    await fillAndSubmit()
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Delete' }))
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument()
  })
})

describe('DeleteMyAccountSection', () => {
  beforeEach(() => {
    resetToasts()
    setTokens({ accessToken: 'a1', refreshToken: 'r1' })
  })

  it('lists the product reasons and requires one', async () => {
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

  it('a failure keeps the session and shows the product fallback', async () => {
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
