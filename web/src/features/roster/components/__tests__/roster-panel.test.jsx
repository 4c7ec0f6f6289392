import { describe, it, expect } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import useSWR from 'swr'
import { renderRoute, mockApi } from '../../../../test-utils'
import { request } from '../../../../lib/request'
import { RosterPanel } from '../roster-panel'

const roster = (entries) => ({ data: { roster: { campaignId: 'k1', status: 'active', budget: 2500, estimatedTotal: 1200, entries } } })
const entry = { _id: 'e1', rank: 1, score: 88.4, platform: 'instagram', estimatedFee: 1200, reasons: ['Fitness & Health niche', '62% female audience'],
  creator: { name: 'Ann Fit', tier: 'Mid', followers: 120000 }, offer: { status: 'draft' } }

describe('RosterPanel', () => {
  it('generates a roster, follows the job and shows the ranked creators with reasons', async () => {
    let generated = false
    let polls = 0
    let body
    mockApi({
      'GET niche': () => [200, { data: { niche: [{ _id: 'n1', name: 'Fitness & Health' }] } }],
      'GET campaigns/k1/roster': () => [200, roster(generated ? [entry] : [])],
      'POST campaigns/generate-roaster': (b) => ((body = b), [202, { data: { job: { id: 'j1', status: 'queued', progress: 0 } } }]),
      'GET jobs/j1': () => {
        polls++
        if (polls < 2) return [200, { data: { job: { id: 'j1', status: 'running', progress: 50 } } }]
        generated = true
        return [200, { data: { job: { id: 'j1', status: 'succeeded', progress: 100 } } }]
      },
    })
    renderRoute(<RosterPanel campaignId="k1" canGenerate />)
    expect(await screen.findByText('No roster yet.')).toBeInTheDocument()
    await userEvent.click(screen.getByText('Target niches (any)'))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fitness & Health' }))
    await userEvent.clear(screen.getByLabelText('Creators'))
    await userEvent.type(screen.getByLabelText('Creators'), '5')
    await userEvent.click(screen.getByRole('button', { name: 'Generate roster' }))
    expect(await screen.findByRole('progressbar', { name: 'Roster generation' })).toBeInTheDocument()
    expect(await screen.findByText('Ann Fit', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByText('62% female audience')).toBeInTheDocument()
    expect(body).toEqual({ campaignId: 'k1', size: 5, niches: ['n1'] })
  })

  it('says which requirement left the roster empty', async () => {
    const message = 'No creator in Lisbon matches: 0 of 1,000 creators are in Lisbon; widen the location'
    mockApi({
      'GET niche': () => [200, { data: { niche: [] } }],
      'GET campaigns/k1/roster': () => [200, roster([])],
      'POST campaigns/generate-roaster': () => [202, { data: { job: { id: 'j1', status: 'queued', progress: 0 } } }],
      'GET jobs/j1': () => [200, { data: { job: { id: 'j1', status: 'succeeded', progress: 100, result: { entries: 0, requirement: 'location', message } } } }],
    })
    renderRoute(<RosterPanel campaignId="k1" canGenerate />)
    await userEvent.click(await screen.findByRole('button', { name: 'Generate roster' }))
    expect(await screen.findByText(`${message}.`, {}, { timeout: 4000 })).toHaveClass('alert-warning')
  })
})

const countered = { ...entry, offer: { status: 'countered', amount: 650, next: [], history: [{ to: 'countered', note: 'Two reels', amount: 650 }] } }

describe('RosterPanel without the generator (a viewer)', () => {
  it.each([
    ['is read-only', entry, 'Ann Fit', 'Generate roster'],
    ['shows a counter read-only', countered, 'countered', 'Accept counter'],
  ])('%s', async (_, shown, text, button) => {
    mockApi({ 'GET campaigns/k1/roster': () => [200, roster([shown])] })
    renderRoute(<RosterPanel campaignId="k1" canGenerate={false} />)
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: button })).toBeNull()
  })
})

describe('RosterPanel counters', () => {

  it('accepting a counter opens its agreement to sign (accepting is signing), with the budget effect', async () => {
    mockApi({ 'GET campaigns/k1/roster': () => [200, roster([countered])] })
    const Panel = ({ offerId, side, confirmOverBudget }) => <div data-testid="agreement-panel">{`${offerId} ${side} ${confirmOverBudget}`}</div>
    renderRoute(<RosterPanel campaignId="k1" canGenerate agreement={{ Status: () => null, Panel }} />)
    expect(await screen.findByText('“Two reels”')).toBeInTheDocument()
    expect(screen.queryByTestId('agreement-panel')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Accept counter' }))
    expect(screen.getByTestId('agreement-panel')).toHaveTextContent('e1 brand false')
    expect(screen.getByRole('group', { name: 'Agreement with Ann Fit' })).toHaveTextContent('Signing accepts')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('after a new amount, opens the agreement only once its new version is loaded, never the counter\'s cached one', async () => {
    let current = countered
    let version = 2
    mockApi({
      'GET campaigns/k1/roster': () => [200, roster([current])],
      'PATCH campaigns/k1/offers': (b) => {
        current = { ...entry, offer: { status: 'sent', amount: b.entries[0].amount, next: [] } }
        version = 3
        return [200, { data: { entries: [current], message: 'Offers updated' } }]
      },
      // The new version answers late, as a loaded server may.
      'GET offers/e1/agreement': async () => {
        const number = version
        await new Promise((r) => setTimeout(r, 100))
        return [200, { data: { agreement: { number } } }]
      },
    })
    const useVersion = (/** @type {string} */ offerId) => useSWR(`offers/${offerId}/agreement`, async (k) => (await request(k)).data.agreement).data?.number
    const Status = ({ offerId }) => <span>{`cached version ${useVersion(offerId) ?? '…'}`}</span>
    const shown = []
    const Panel = ({ offerId }) => {
      const number = useVersion(offerId)
      shown.push(number)
      return <div data-testid="agreement-panel">{`version ${number}`}</div>
    }
    renderRoute(<RosterPanel campaignId="k1" canGenerate agreement={{ Status, Panel }} />)
    expect(await screen.findByText('cached version 2')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('New amount (USD)'), '600')
    await userEvent.click(screen.getByRole('button', { name: 'Send new amount' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send a new amount?' })).getByRole('button', { name: 'Send offer' }))
    expect(await screen.findByTestId('agreement-panel')).toHaveTextContent('version 3')
    expect(screen.getByText('New offer of $600 sent to Ann Fit')).toBeInTheDocument()
    expect(shown).not.toContain(2)
  })

  it('scrolls to and focuses the counter the page was opened for (Waiting on you → Answer)', async () => {
    mockApi({ 'GET campaigns/k1/roster': () => [200, roster([countered])] })
    renderRoute(<RosterPanel campaignId="k1" canGenerate />, { hash: '#counter-e1' })
    const group = await screen.findByRole('group', { name: 'Counter from Ann Fit' })
    expect(group).toHaveAttribute('id', 'counter-e1')
    expect(group).toHaveFocus()
  })
})

/**
 * openSendDialog shows an editor the roster with Ann Fit's draft offer of $900 and opens its Send dialog. The PATCH
 * answers the entry as sent at the amount it was given (and the roster lists it so from then on); `sent` holds the
 * bodies it received.
 */
async function openSendDialog() {
  const sent = []
  let current = { ...entry, offer: { status: 'draft', amount: 900, next: [] } }
  mockApi({
    'GET campaigns/k1/roster': () => [200, roster([current])],
    'PATCH campaigns/k1/offers': (b) => {
      sent.push(b)
      current = { ...entry, offer: { status: 'sent', amount: b.entries[0].amount, next: [] } }
      return [200, { data: { entries: [current], message: 'Offers updated' } }]
    },
  })
  renderRoute(<RosterPanel campaignId="k1" canGenerate />)
  await userEvent.click(await screen.findByRole('button', { name: 'Send offer to Ann Fit' }))
  return { dialog: await screen.findByRole('dialog', { name: 'Send this offer?' }), sent }
}

describe('RosterPanel draft offers', () => {
  it('lets an editor send a draft offer at its amount, confirmed', async () => {
    const { dialog, sent } = await openSendDialog()
    expect(dialog).toHaveTextContent('Ann Fit may accept, counter or decline.')
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue(900)
    expect(dialog).toHaveTextContent('This move: $900, leaving $1,600 free')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }))
    expect(await screen.findByText('Offer of $900 sent to Ann Fit')).toBeInTheDocument()
    expect(await screen.findByText('sent')).toBeInTheDocument()
    expect(sent).toEqual([{ entries: [{ entryId: 'e1', status: 'sent', amount: 900 }] }])
  })

  it('asks an explicit confirmation over the budget and sends it with the new amount and message', async () => {
    const { dialog, sent } = await openSendDialog()
    const amount = within(dialog).getByLabelText('Amount (USD)')
    await userEvent.clear(amount)
    await userEvent.type(amount, '27571')
    await userEvent.type(within(dialog).getByLabelText('Message to Ann Fit (optional)'), 'Two reels please')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is $25,071 over the remaining budget.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send over budget' }))
    expect(await screen.findByText('Offer of $27,571 sent to Ann Fit')).toBeInTheDocument()
    expect(sent).toEqual([{ entries: [{ entryId: 'e1', status: 'sent', amount: 27571, note: 'Two reels please' }], confirmOverBudget: true }])
  })

  it('shows a draft read-only to a viewer', async () => {
    mockApi({ 'GET campaigns/k1/roster': () => [200, roster([entry])] })
    renderRoute(<RosterPanel campaignId="k1" canGenerate={false} />)
    expect(await screen.findByText('draft')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Send offer/ })).toBeNull()
  })
})
