import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ListingQuestion, ListingSwitch, LISTING_QUESTION } from '../listing'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'
import { setUser, resetAuthStore } from '../../../../lib/auth-store'

const listing = (over) => ({ answered: false, listed: false, answeredAt: null, creatorId: null, question: LISTING_QUESTION, ...over })

describe('creator listing', () => {
  beforeEach(() => {
    resetAuthStore()
    setUser({ _id: 'u', name: 'Cleo', role: 'USER' })
  })

  it('asks once after a connect, unticked, and records the answer the creator ticks', async () => {
    let state = listing()
    const fetch = mockApi({
      'GET creator-listing': () => [200, { data: { listing: state } }],
      'PUT creator-listing': (body) => {
        state = listing({ answered: true, listed: body.listed, answeredAt: new Date().toISOString(), creatorId: body.listed ? '00000000-0000-0000-0000-000000000001' : null })
        return [200, { data: { listing: state } }]
      },
    })
    const { container } = renderRoute(<ListingQuestion hasAccount />)
    const box = await screen.findByRole('checkbox', { name: LISTING_QUESTION })
    expect(box).not.toBeChecked()
    expect(screen.getByText(/never your e-mail/)).toBeInTheDocument()
    await expectNoAxeViolations(container)
    await userEvent.click(box)
    await userEvent.click(screen.getByRole('button', { name: 'Save my answer' }))
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: LISTING_QUESTION })).not.toBeInTheDocument())
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(put[1].body)).toEqual({ listed: true })
  })

  it('asks nothing before an account is connected or once answered', async () => {
    mockApi({ 'GET creator-listing': () => [200, { data: { listing: listing({ answered: true, listed: true }) } }] })
    renderRoute(<ListingQuestion hasAccount />)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('unlists at once from the settings switch', async () => {
    let state = listing({ answered: true, listed: true })
    const fetch = mockApi({
      'GET creator-listing': () => [200, { data: { listing: state } }],
      'PUT creator-listing': (body) => {
        state = listing({ answered: true, listed: body.listed })
        return [200, { data: { listing: state } }]
      },
    })
    const { container } = renderRoute(<ListingSwitch />)
    const sw = await screen.findByRole('switch', { name: LISTING_QUESTION })
    await waitFor(() => expect(sw).toBeChecked())
    await expectNoAxeViolations(container)
    await userEvent.click(sw)
    await waitFor(() => expect(screen.getByRole('switch', { name: LISTING_QUESTION })).not.toBeChecked())
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(put[1].body)).toEqual({ listed: false })
  })
})
