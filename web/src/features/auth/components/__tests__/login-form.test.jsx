import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LoginForm } from '../login-form'
import { mockApi, renderRoute, freshStart } from '../../../../test-utils'
import { getAuthState } from '../../../../lib/auth-store'

const PASSWORD_RULE =
  'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character'

/** logIn types the e-mail and the demo password and presses Login. */
async function logIn(email) {
  await userEvent.type(screen.getByLabelText('Email'), email)
  await userEvent.type(screen.getByLabelText('Password'), 'Demo#2026')
  await userEvent.click(screen.getByRole('button', { name: 'Login' }))
}

describe('LoginForm', () => {
  beforeEach(freshStart)

  it('shows the required messages', async () => {
    renderRoute(<LoginForm />, { path: '/login' })
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
  })

  it('shows the format messages', async () => {
    renderRoute(<LoginForm />, { path: '/login' })
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email')
    await userEvent.type(screen.getByLabelText('Password'), 'short')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Invalid email')).toBeInTheDocument()
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument()
  })

  it('toggles password visibility', async () => {
    renderRoute(<LoginForm />, { path: '/login' })
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('type', 'password')
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
  })

  it('stores tokens, toasts and returns to the origin', async () => {
    mockApi({ 'POST users/login': () => [200, { data: { accessToken: 'a', refreshToken: 'r' } }] })
    renderRoute(<LoginForm />, { path: '/login', state: { from: { pathname: '/campaigns', search: '?page=2' } } })
    await logIn('brand@example.com')
    expect(await screen.findByText('Login Successful')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/campaigns')
    expect(localStorage.getItem('access_token')).toBe('a')
    expect(localStorage.getItem('refresh_token')).toBe('r')
    expect(getAuthState().isAuthenticated).toBe(true)
  })

  it('says that logging in restored a deleted account', async () => {
    const restored = 'Welcome back! Your account has been restored: its deletion is cancelled.'
    mockApi({ 'POST users/login': () => [200, { data: { accessToken: 'a', refreshToken: 'r', message: restored } }] })
    renderRoute(<LoginForm />, { path: '/login' })
    await userEvent.type(screen.getByLabelText('Email'), 'gone@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'Demo#2026')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText(restored)).toBeInTheDocument()
    expect(screen.queryByText('Login Successful')).toBeNull()
  })

  it('sends a new code and goes to /verify-email when the e-mail is unverified', async () => {
    const fetch = mockApi({
      'POST users/login': () => [401, { message: 'Please verify your email', error_code: 401 }],
      'POST users/send-email-verification-otp': () => [200, { data: { message: 'sent' } }],
    })
    renderRoute(<LoginForm />, { path: '/login' })
    await logIn('new@example.com')
    expect(await screen.findByText('Please verify your email to continue')).toBeInTheDocument()
    const location = await screen.findByTestId('location')
    expect(location).toHaveTextContent('/verify-email')
    expect(JSON.parse(location.dataset.state)).toEqual({ email: 'new@example.com' })
    expect(JSON.parse(fetch.mock.calls[1][1].body)).toEqual({ email: 'new@example.com' })
  })

  // An unverified log-in whose code resend answers status with message.
  const unverifiedLogIn = async (status, message) => {
    mockApi({
      'POST users/login': () => [401, { message: 'unverified', error_code: 401 }],
      'POST users/send-email-verification-otp': () => [status, { message }],
    })
    renderRoute(<LoginForm />, { path: '/login' })
    await logIn('new@example.com')
  }

  it('goes to /verify-email when the code resend is rate-limited', async () => {
    await unverifiedLogIn(429, 'Too many attempts. Please try again later.')
    expect(await screen.findByText('Please verify your email to continue')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/verify-email')
  })

  it('reports a failed resend of the verification code', async () => {
    await unverifiedLogIn(500, 'Something went wrong. Please try again.')
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument()
  })

  it('toasts the server message on bad credentials', async () => {
    mockApi({ 'POST users/login': () => [401, { message: 'Invalid email or password', error_code: 'unauthorized' }] })
    renderRoute(<LoginForm />, { path: '/login' })
    await logIn('x@example.com')
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument()
    await waitFor(() => expect(getAuthState().isAuthenticated).toBe(false))
  })
})
