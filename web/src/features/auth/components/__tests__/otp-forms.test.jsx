import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest'
import { screen, fireEvent, act, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { VerifyEmailForm } from '../verify-email-form'
import { VerifyOtpForm } from '../verify-otp-form'
import { mockApi, renderRoute, freshStart } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'
import { getAuthState } from '../../../../lib/auth-store'

const pasteCode = (code) => fireEvent.paste(screen.getAllByRole('textbox')[0], { clipboardData: { getData: () => code } })

// expectCodeValidation submits ui empty, then with the digits typed, expecting each message.
async function expectCodeValidation(ui, path, email, digits, required, length) {
  renderRoute(ui, { path, state: { email } })
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
  expect(await screen.findByText(required)).toBeInTheDocument()
  await userEvent.click(screen.getAllByRole('textbox')[0])
  await userEvent.keyboard(digits)
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
  expect(await screen.findByText(length)).toBeInTheDocument()
}

describe('VerifyEmailForm', () => {
  beforeEach(freshStart)

  it('without a carried e-mail goes to /signup saying Please register first', async () => {
    renderRoute(<VerifyEmailForm />, { path: '/verify-email' })
    expect(await screen.findByText('Please register first')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/signup')
  })

  it('shows the masked e-mail', () => {
    renderRoute(<VerifyEmailForm />, { path: '/verify-email', state: { email: 'john@example.com' } })
    expect(screen.getByText('jo****@example.com')).toBeInTheDocument()
  })

  it('validation messages', () =>
    expectCodeValidation(<VerifyEmailForm />, '/verify-email', 'john@example.com', '123', 'Verification code is required',
      'Verification code must be 6 digits'))

  it('verifies, stores both tokens and goes to /dashboard', async () => {
    const fetch = mockApi({
      'POST users/verify-email': () => [200, { data: { accessToken: 'a', refreshToken: 'r', user: {} } }],
    })
    renderRoute(<VerifyEmailForm />, { path: '/verify-email', state: { email: 'john@example.com' } })
    pasteCode('654321')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard')
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ otp: '654321', email: 'john@example.com' })
    expect(localStorage.getItem('access_token')).toBe('a')
    expect(getAuthState().isAuthenticated).toBe(true)
  })

  it('toasts the server message on a wrong code', async () => {
    mockApi({ 'POST users/verify-email': () => [400, { message: 'Invalid or expired code', error_code: 'invalid' }] })
    renderRoute(<VerifyEmailForm />, { path: '/verify-email', state: { email: 'john@example.com' } })
    pasteCode('000000')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument()
  })
})

describe('resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    resetToasts()
  })
  afterEach(() => vi.useRealTimers())

  it('locks Resend Code for 60 s showing (Ns), then restarts after a successful resend', async () => {
    const fetch = mockApi({ 'POST users/send-email-verification-otp': () => [200, { data: { message: 'Verification code sent' } }] })
    renderRoute(<VerifyEmailForm />, { path: '/verify-email', state: { email: 'john@example.com' } })
    const link = () => screen.getByRole('button', { name: /Resend Code/ })
    expect(link()).toHaveTextContent('Resend Code (60s)')
    expect(link()).toBeDisabled()
    act(() => vi.advanceTimersByTime(1000))
    expect(link()).toHaveTextContent('Resend Code (59s)')
    act(() => vi.advanceTimersByTime(59000))
    expect(link()).toHaveTextContent(/^Resend Code$/)
    expect(link()).toBeEnabled()

    fireEvent.click(link())
    expect(await screen.findByText('Verification code sent')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)
    // The toast and the restarted countdown render in separate updates.
    await waitFor(() => expect(link()).toBeDisabled())
    expect(link()).toHaveTextContent('Resend Code (60s)')
    act(() => vi.advanceTimersByTime(2000))
    expect(link()).toHaveTextContent('Resend Code (58s)')
  })
})

describe('VerifyOtpForm', () => {
  beforeEach(() => resetToasts())

  it('validation messages', () =>
    expectCodeValidation(<VerifyOtpForm />, '/verify-otp', 'ann@example.com', '12', 'OTP is required', 'OTP must be 6 digits'))

  it('verifies with type password_reset and carries otp and e-mail to /reset-password', async () => {
    const fetch = mockApi({ 'POST users/verify-otp': () => [200, { data: { message: 'ok' } }] })
    renderRoute(<VerifyOtpForm />, { path: '/verify-otp', state: { email: 'ann@example.com' } })
    expect(screen.getByText('an****@example.com')).toBeInTheDocument()
    pasteCode('112233')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('OTP verified successfully!')).toBeInTheDocument()
    const location = await screen.findByTestId('location')
    expect(location).toHaveTextContent('/reset-password')
    expect(JSON.parse(location.dataset.state)).toEqual({ otp: '112233', email: 'ann@example.com' })
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ otp: '112233', email: 'ann@example.com', type: 'password_reset' })
  })
})
