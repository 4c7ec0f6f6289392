import { describe, it, expect, beforeEach } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChangePasswordForm } from '../change-password-form'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'

const RULE =
  'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character'
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change Password' }))

async function fill(current, next, confirm) {
  if (current) await userEvent.type(screen.getByLabelText('Current Password'), current)
  if (next) await userEvent.type(screen.getByLabelText('New Password'), next)
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), confirm)
}

describe('ChangePasswordForm', () => {
  beforeEach(() => resetToasts())

  it('shows the required messages', async () => {
    renderRoute(<ChangePasswordForm />)
    await submit()
    expect(await screen.findByText('Current password is required')).toBeInTheDocument()
    expect(screen.getByText('New password is required')).toBeInTheDocument()
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument()
  })

  it('applies the password rule and the match rule', async () => {
    const fetch = mockApi({})
    renderRoute(<ChangePasswordForm />)
    await fill('Old#Pass1', 'weakpass', 'weakpas')
    await submit()
    expect(await screen.findByText(RULE)).toBeInTheDocument()
    expect(screen.getByText('Passwords must match')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends current and new password, confirms and clears the form', async () => {
    const fetch = mockApi({ 'PUT users/change-password': () => [200, { data: { message: 'Password changed successfully' } }] })
    renderRoute(<ChangePasswordForm />)
    await fill('Old#Pass1', 'New#Pass2', 'New#Pass2')
    await submit()
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument()
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ currentPassword: 'Old#Pass1', newPassword: 'New#Pass2' })
    expect(fetch.mock.calls[0][1].method).toBe('PUT')
    expect(screen.getByLabelText('Current Password')).toHaveValue('')
  })

  it('shows the server field errors (wrong current password, common password)', async () => {
    mockApi({
      'PUT users/change-password': () => [
        422,
        {
          message: 'Please check the form',
          fields: { currentPassword: 'Current password is incorrect', newPassword: 'This password is too common' },
        },
      ],
    })
    renderRoute(<ChangePasswordForm />)
    await fill('Wrong#Pass1', 'Password#1', 'Password#1')
    await submit()
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument()
    expect(screen.getByText('This password is too common')).toBeInTheDocument()
    expect(screen.getByLabelText('New Password')).toHaveValue('Password#1')
  })
})
