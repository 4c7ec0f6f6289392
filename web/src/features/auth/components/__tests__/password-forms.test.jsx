import { describe, it, expect, beforeEach } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ForgotPasswordForm } from '../forgot-password-form'
import { ResetPasswordForm } from '../reset-password-form'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'

describe('ForgotPasswordForm', () => {
  beforeEach(() => resetToasts())

  it('validation messages', async () => {
    renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' })
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email'), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Invalid email')).toBeInTheDocument()
  })

  it('sends the code and goes to /verify-otp with the e-mail', async () => {
    mockApi({ 'POST users/forgot-password': () => [200, { data: { message: 'If the account exists, a code was sent' } }] })
    renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' })
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('OTP has been resent to your email')).toBeInTheDocument()
    const location = await screen.findByTestId('location')
    expect(location).toHaveTextContent('/verify-otp')
    expect(JSON.parse(location.dataset.state)).toEqual({ email: 'ann@example.com' })
  })
})

describe('ResetPasswordForm', () => {
  beforeEach(() => resetToasts())
  const state = { email: 'ann@example.com', otp: '123456' }

  it('without otp and e-mail goes back to /forgot-password', async () => {
    renderRoute(<ResetPasswordForm />, { path: '/reset-password' })
    expect(await screen.findByTestId('location')).toHaveTextContent('/forgot-password')
  })

  it('validation messages', async () => {
    renderRoute(<ResetPasswordForm />, { path: '/reset-password', state })
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('New password is required')).toBeInTheDocument()
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('New Password'), 'weakpass')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'different')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(
      await screen.findByText(
        'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords must match')).toBeInTheDocument()
  })

  it('sets the password and goes to /login', async () => {
    const fetch = mockApi({ 'POST users/reset-password': () => [200, { data: { message: 'ok' } }] })
    renderRoute(<ResetPasswordForm />, { path: '/reset-password', state })
    await userEvent.type(screen.getByLabelText('New Password'), 'Newpass#2026')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Newpass#2026')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('New password set successfully')).toBeInTheDocument()
    expect(await screen.findByTestId('location')).toHaveTextContent('/login')
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ email: 'ann@example.com', otp: '123456', password: 'Newpass#2026' })
  })

  it('falls back to Failed to set new password', async () => {
    mockApi({ 'POST users/reset-password': () => [500, {}] })
    renderRoute(<ResetPasswordForm />, { path: '/reset-password', state })
    await userEvent.type(screen.getByLabelText('New Password'), 'Newpass#2026')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Newpass#2026')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Failed to set new password')).toBeInTheDocument()
  })
})
