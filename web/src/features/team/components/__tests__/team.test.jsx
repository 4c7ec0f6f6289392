import { describe, it, expect, beforeEach } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { SWRConfig } from 'swr'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi, LocationProbe } from '../../../../test-utils'
import { setUser, resetAuthStore, getAuthState } from '../../../../lib/auth-store'
import { TeamSection } from '../team-section'
import { AcceptInviteForm } from '../accept-invite-form'

const team = (invitations = []) => ({
  data: {
    members: [
      { _id: 'u1', name: 'Bea Brand', email: 'bea@acme.io', role: 'BRAND_ADMIN', you: true },
      { _id: 'u2', name: 'Max Manager', email: 'max@acme.io', role: 'BRAND_MANAGER', you: false },
    ],
    invitations,
  },
})

describe('TeamSection', () => {
  beforeEach(() => resetAuthStore())

  it('renders nothing for other roles', () => {
    setUser({ _id: 'u9', name: 'Max', email: 'max@acme.io', role: 'BRAND_MANAGER' })
    mockApi({})
    const { container } = renderRoute(<TeamSection />)
    expect(container.querySelector('section')).toBeNull()
  })

  it('keeps the admin off their own role, names roles readably and cancels a removal', async () => {
    setUser({ _id: 'u1', name: 'Bea', email: 'bea@acme.io', role: 'BRAND_ADMIN' })
    const calls = []
    mockApi({
      'GET brands/members': () => [200, team()],
      'PATCH brands/members/u2': (body) => (calls.push(['role', body]), [200, { data: { message: 'Role updated' } }]),
      'DELETE brands/members/u2': () => (calls.push(['remove']), [200, { data: { message: 'Member removed' } }]),
    })
    renderRoute(<TeamSection />)
    const members = await screen.findByRole('list', { name: 'Team members' })
    expect(within(members).queryByRole('combobox', { name: 'Role of Bea Brand' })).toBeNull()
    expect(within(members).getByText('Brand admin', { selector: 'span' })).toBeInTheDocument()
    expect(within(members).queryByText(/BRAND_/)).toBeNull()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Max Manager' }), 'BRAND_VIEWER')
    expect(await screen.findByText('Max Manager is now Brand viewer')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove Max Manager' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove Max Manager?' })).getByRole('button', { name: 'Keep member' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toEqual([['role', { role: 'BRAND_VIEWER' }]])
  })

  it('lists members, invites, changes a role and removes', async () => {
    setUser({ _id: 'u1', name: 'Bea', email: 'bea@acme.io', role: 'BRAND_ADMIN' })
    const calls = []
    let invites = []
    mockApi({
      'GET brands/members': () => [200, team(invites)],
      'POST brands/members': (body) => {
        calls.push(['invite', body])
        invites = [{ _id: 'i1', email: body.email, role: body.role, expiresAt: '2030-01-08T00:00:00Z', expired: false }]
        return [201, { data: { invitationId: 'i1', message: 'Invitation sent' } }]
      },
      'PATCH brands/members/u2': (body) => (calls.push(['role', body]), [200, { data: { message: 'Role updated' } }]),
      'DELETE brands/members/u2': () => (calls.push(['remove']), [200, { data: { message: 'Member removed' } }]),
    })
    renderRoute(<TeamSection />)
    const members = await screen.findByRole('list', { name: 'Team members' })
    expect(within(members).getByText('Bea Brand (you)')).toBeInTheDocument()
    expect(within(members).queryByRole('button', { name: 'Remove Bea Brand' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^Email/), 'vic@acme.io')
    await userEvent.selectOptions(screen.getByLabelText(/^Role$/), 'BRAND_VIEWER')
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
    expect(await screen.findByRole('list', { name: 'Pending invitations' })).toHaveTextContent('vic@acme.io')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Max Manager' }), 'BRAND_VIEWER')
    await userEvent.click(screen.getByRole('button', { name: 'Remove Max Manager' }))
    expect(calls).toHaveLength(2) // asks first
    const dialog = screen.getByRole('dialog', { name: 'Remove Max Manager?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }))
    expect(await screen.findByText('Max Manager removed')).toBeInTheDocument()
    expect(calls).toEqual([['invite', { email: 'vic@acme.io', role: 'BRAND_VIEWER' }], ['role', { role: 'BRAND_VIEWER' }], ['remove']])
  })
})

// renderAt renders the accept page at a URL with a query string.
function renderAt(url) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/accept-invite" element={<AcceptInviteForm />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  )
}

describe('AcceptInviteForm', () => {
  beforeEach(() => resetAuthStore())

  it('says why a used link no longer works', async () => {
    mockApi({ 'POST users/invitation': () => [409, { message: 'This invitation has already been used. Log in instead.' }] })
    renderAt('/accept-invite?token=abc')
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has already been used. Log in instead.')
  })

  it('checks the product rules, then signs the invitee in', async () => {
    let accepted
    mockApi({
      'POST users/invitation': () => [200, { data: { invitation: { email: 'mia@acme.io', role: 'BRAND_MANAGER', brandName: 'Acme', name: '' } } }],
      'POST users/accept-invite': (body) => ((accepted = body), [200, { data: { accessToken: 'a1', refreshToken: 'r1', message: 'Welcome to the team!' } }]),
    })
    renderAt('/accept-invite?token=tok')
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Mia!')
    await userEvent.type(screen.getByLabelText(/^Password/), 'short')
    await userEvent.click(screen.getByRole('button', { name: 'Join Team' }))
    expect(await screen.findByText('Special characters are not allowed')).toBeInTheDocument()
    expect(screen.getByText(/^Password must be at least 8 characters long and include one uppercase/)).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText(/^Full Name/))
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Mia Manager')
    await userEvent.clear(screen.getByLabelText(/^Password/))
    await userEvent.type(screen.getByLabelText(/^Password/), 'Str0ng!pass')
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Str0ng!pass')
    await userEvent.click(screen.getByRole('button', { name: 'Join Team' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard')
    expect(accepted).toEqual({ token: 'tok', name: 'Mia Manager', password: 'Str0ng!pass' })
    expect(getAuthState().isAuthenticated).toBe(true)
  })
})
