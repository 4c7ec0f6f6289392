import { describe, it, expect, beforeEach, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ShareResults } from '../share-dialog'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'

const LIVE = { expiresAt: '2026-12-01T10:00:00Z', showFees: false, createdAt: '2026-11-01T10:00:00Z' }
const CREATED = { token: 'tok123', url: 'https://app.test/share/tok123', expiresAt: '2026-11-08T10:00:00Z', showFees: true }

describe('ShareResults', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'tok')
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true })
  })

  it('makes a link with fees and an expiry, shows it once with Copy and its expiry', async () => {
    let share = null
    const posted = []
    mockApi({
      'GET campaigns/c1/share': () => [200, { data: { share } }],
      'POST campaigns/c1/share': (body) => {
        posted.push(body)
        share = { expiresAt: CREATED.expiresAt, showFees: true, createdAt: '2026-11-01T10:00:00Z' }
        return [201, { data: { share: CREATED } }]
      },
    })
    const { baseElement } = renderRoute(<ShareResults campaignId="c1" />)
    await userEvent.click(screen.getByRole('button', { name: 'Share results' }))
    const dialog = screen.getByRole('dialog', { name: 'Share results' })
    expect(await within(dialog).findByText(/No link is live/)).toBeInTheDocument()
    expect(within(dialog).queryByText(/replaces the live one/)).toBeNull()
    await expectNoAxeViolations(baseElement)

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Show fees/ }))
    const days = within(dialog).getByLabelText('Expires after (days)')
    await userEvent.clear(days)
    await userEvent.type(days, '120')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 90')).toBeInTheDocument()
    expect(days).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toEqual([])

    await userEvent.clear(days)
    await userEvent.type(days, '7')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    expect(await within(dialog).findByLabelText('Share link')).toHaveValue('https://app.test/share/tok123')
    expect(posted).toEqual([{ showFees: true, expiresInDays: 7 }])
    expect(within(dialog).getByText(/Shown only now/)).toHaveTextContent('shows fees')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://app.test/share/tok123')
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(within(dialog).getByText('Creating a new link replaces the live one: the old link stops working.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create new link' })).toBeInTheDocument()
    await expectNoAxeViolations(baseElement)

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Share results' })).toHaveFocus()
    expect(await screen.findByText('Link live until Nov 8, 2026')).toBeInTheDocument()
  })

  it('says when a link is live and revokes it after a confirmation', async () => {
    let share = LIVE
    const fetch = mockApi({
      'GET campaigns/c1/share': () => [200, { data: { share } }],
      'DELETE campaigns/c1/share': () => {
        share = null
        return [204, undefined]
      },
    })
    renderRoute(<ShareResults campaignId="c1" />)
    expect(await screen.findByText('Link live until Dec 1, 2026')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Share results' }))
    const dialog = screen.getByRole('dialog', { name: 'Share results' })
    expect(within(dialog).getByRole('status')).toHaveTextContent(/A link is live until Dec 1, .*, hiding fees/)
    expect(within(dialog).getByText('Creating a new link replaces the live one: the old link stops working.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }))
    expect(await screen.findByText('Share link revoked')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u, init]) => u === '/api/campaigns/c1/share' && init.method === 'DELETE')).toBe(true)
    expect(await within(dialog).findByText(/No link is live/)).toBeInTheDocument()
    expect(screen.queryByText(/Link live until/)).toBeNull()
  })
})
