import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ClaimPage } from '../claim-page'
import { UnsubscribePage } from '../unsubscribe-page'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'
import { setTokens, setUser, resetAuthStore } from '../../../../lib/auth-store'

const claim = (over) => ({
  email: 'sara@example.com',
  brandName: 'Acme Studio',
  campaignName: 'Holiday Glow',
  amount: 230,
  deadline: '2026-12-20T00:00:00Z',
  entryId: '00000000-0000-0000-0000-000000000002',
  creatorId: '00000000-0000-0000-0000-000000000003',
  hasAccount: false,
  ...over,
})

describe('ClaimPage', () => {
  beforeEach(() => resetAuthStore())

  it('shows the offer and sends a new creator to sign up with the e-mail prefilled, coming back here', async () => {
    const fetch = mockApi({ 'POST outreach/claims/check': () => [200, { data: { claim: claim() } }] })
    const { container } = renderRoute(<ClaimPage token="tok" />, { path: '/claim/:token', entry: '/claim/tok' })
    expect(await screen.findByText('Acme Studio')).toBeInTheDocument()
    expect(screen.getByText(/^\$230/)).toBeInTheDocument()
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ token: 'tok' })
    await expectNoAxeViolations(container)
    await userEvent.click(screen.getByRole('link', { name: 'Sign up to answer' }))
    const loc = await screen.findByTestId('location')
    expect(loc).toHaveTextContent('/signup')
    expect(JSON.parse(loc.dataset.state)).toEqual({ from: { pathname: '/claim/tok' }, email: 'sara@example.com' })
  })

  it('offers log in when the account exists', async () => {
    mockApi({ 'POST outreach/claims/check': () => [200, { data: { claim: claim({ hasAccount: true }) } }] })
    renderRoute(<ClaimPage token="tok" />, { path: '/claim/:token', entry: '/claim/tok' })
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument()
  })

  it('shows the refusal of a used link', async () => {
    mockApi({ 'POST outreach/claims/check': () => [409, { message: 'This link was already used' }] })
    renderRoute(<ClaimPage token="tok" />, { path: '/claim/:token', entry: '/claim/tok' })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was already used')
  })

  it('claims for a signed-in creator and opens the offers', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' })
    setUser({ _id: 'u', name: 'Sara', role: 'USER' })
    const fetch = mockApi({
      'POST outreach/claims/check': () => [200, { data: { claim: claim({ hasAccount: true }) } }],
      'POST outreach/claims': () => [200, { data: { claim: claim({ hasAccount: true }), message: 'Your profile is claimed' } }],
    })
    renderRoute(<ClaimPage token="tok" />, { path: '/claim/:token', entry: '/claim/tok' })
    await userEvent.click(await screen.findByRole('button', { name: 'Claim my profile and open the offer' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-offers')
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('outreach/claims'))
    expect(call[1].headers.Authorization).toBe('Bearer a')
  })
  it('loads the role of a session opened on this page (back from sign-up) and offers the claim', async () => {
    setTokens({ accessToken: 'fresh', refreshToken: 'r' })
    mockApi({
      'POST outreach/claims/check': () => [200, { data: { claim: claim({ hasAccount: true }) } }],
      'GET users/me': () => [200, { data: { user: { _id: 'u', name: 'Sara', email: 'sara@example.com', role: 'USER' } } }],
    })
    renderRoute(<ClaimPage token="tok" />, { path: '/claim/:token', entry: '/claim/tok' })
    expect(await screen.findByRole('button', { name: 'Claim my profile and open the offer' })).toBeEnabled()
  })
})

describe('UnsubscribePage', () => {
  it('confirms, then says what happened', async () => {
    const fetch = mockApi({ 'POST outreach/unsubscribe': () => [200, { data: { message: 'You will get no more invitations from Creator Coach' } }] })
    const { container } = renderRoute(<UnsubscribePage token="u1" />)
    await expectNoAxeViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Stop invitations' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You will get no more invitations from Creator Coach')
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ token: 'u1' })
    await waitFor(() => expectNoAxeViolations(container))
  })
})
