import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderRoute } from '../../../../test-utils'
import { CoachChat } from '../coach-chat'
import { PlatformFilter } from '../platform-filter'
import { freeCredits } from '../credits'
import { DEDUPE_MS, POLL_MS, chatsOptions } from '../../api/get-chats'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { answered as answeredWith, chat } from './chat-fixtures'

// Two measured facts and a follow-up named after the entry.
const answered = (id, question, extra = {}) =>
  answeredWith(id, question, {
    answeredAt: undefined,
    facts: [
      { label: 'Instagram followers', value: 14760, text: '14,760', kind: 'measured', period: 'Nov 20, 2026' },
      { label: 'Instagram views, last 30 days', value: 98000, text: '98,000', kind: 'measured', period: 'Oct 22, 2026 to Nov 20, 2026' },
    ],
    suggestions: [`After ${id}?`],
    ...extra,
  })
const noSubscription = () => [200, { data: { subscription: null } }]

describe('the coaching chat says what happened', () => {
  beforeEach(() => {
    resetAuthStore()
    setUser({ _id: 'u', name: 'Cleo', role: 'USER' })
  })

  it('keeps the facts behind a "Show the N facts" button and follow-ups on the newest answer only', async () => {
    mockApi({ 'GET chats': () => [200, chat([answered('e1', 'How am I doing?'), answered('e2', 'What next?')])], 'GET subscriptions': noSubscription })
    renderRoute(<CoachChat />, { path: '/coach' })
    await screen.findByText('What next?')
    const [first, second] = document.querySelectorAll('li.cc-chat-entry')
    const show = within(first).getByRole('button', { name: 'Show the 2 facts' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    expect(within(first).getByText('Facts behind this answer').parentElement).not.toBeVisible()
    await userEvent.click(show)
    expect(within(first).getByRole('button', { name: 'Hide the 2 facts' })).toHaveAttribute('aria-expanded', 'true')
    expect(within(first).getByText('Facts behind this answer').parentElement).toBeVisible()
    expect(within(first).queryByRole('button', { name: 'After e1?' })).not.toBeInTheDocument()
    expect(within(second).getByRole('button', { name: 'After e2?' })).toBeInTheDocument()
  })

  it('with no platform connected says to connect one first, with a link to the dashboard', async () => {
    mockApi({ 'GET chats': () => [200, chat([])], 'GET subscriptions': noSubscription, 'GET accounts': () => [200, { data: { accounts: [], disconnected: [] } }] })
    renderRoute(<CoachChat />, { path: '/coach' })
    const box = await screen.findByRole('region', { name: 'Connect a platform first' })
    expect(within(box).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByText('Try one of these')).not.toBeInTheDocument()
  })

  it('counts no credit for an answer the creator data could not give (free)', async () => {
    const free = answered('e1', 'How am I doing?', { free: true, facts: [] })
    expect(freeCredits([{ data: [free, answered('e2', 'Q')] }])).toBe(4)
    mockApi({ 'GET chats': () => [200, chat([free])], 'GET subscriptions': noSubscription })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByText('5 free questions left')).toBeInTheDocument()
    expect(screen.getByText('This question did not use a credit.')).toBeInTheDocument()
  })

  it('polls fast while an answer is pending', () => {
    const { refreshInterval, dedupingInterval } = chatsOptions()
    expect(POLL_MS).toBeLessThanOrEqual(500)
    expect(refreshInterval([{ data: [{ status: 'pending' }] }])).toBe(POLL_MS)
    expect(refreshInterval([{ data: [{ status: 'answered' }] }])).toBe(0)
    expect(dedupingInterval).toBe(DEDUPE_MS)
    expect(DEDUPE_MS).toBeLessThan(POLL_MS)
  })

  it('as a brand role the platform filter asks for no accounts', async () => {
    resetAuthStore()
    setUser({ _id: 'b', name: 'Bea', role: 'BRAND_ADMIN' })
    const fetch = mockApi({ 'GET accounts': () => [403, { message: 'Forbidden' }] })
    renderRoute(<PlatformFilter />, { path: '/coach' })
    await screen.findByLabelText('Filter By')
    await new Promise((r) => setTimeout(r, 50))
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/accounts'))).toBe(false))
  })
})
