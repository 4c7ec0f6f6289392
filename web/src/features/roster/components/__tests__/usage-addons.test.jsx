import { describe, it, expect } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi, expectNoAxeViolations } from '../../../../test-utils'
import { SendOffer } from '../send-offer'
import { readAddOns } from '../usage-addons'

const entry = { _id: 'e1', estimatedFee: 400, creator: { name: 'Ann Fit' }, offer: { status: 'draft', amount: 400, usageAddOns: [] } }
const roster = { campaignId: 'k1', budget: 1000, entries: [entry] }

describe('paid usage add-ons', () => {
  it('reads each filled amount as cents and refuses one out of range', () => {
    expect(readAddOns({ '30_days': '50', unlimited: '' })).toEqual({ addOns: [{ usage: '30_days', amountCents: 5000 }], total: 50, error: '' })
    expect(readAddOns({ '30_days': '0.5', unlimited: '120.25' }).error).toMatch(/between \$1 and \$1,000,000/)
    expect(readAddOns({ '30_days': '', unlimited: '' }).addOns).toEqual([])
  })

  it('sends the offer with its add-ons and names the total', async () => {
    let body
    mockApi({ 'PATCH campaigns/k1/offers': (b) => ((body = b), [200, { data: { entries: [] } }]) })
    renderRoute(<SendOffer campaignId="k1" entry={entry} roster={roster} />)
    await userEvent.click(screen.getByRole('button', { name: 'Send offer to Ann Fit' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Paid usage for 30 days (add-on) (USD)'), '50')
    await userEvent.type(within(dialog).getByLabelText('Unlimited paid usage (add-on) (USD)'), '120')
    await expectNoAxeViolations(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }))
    await screen.findByText('Offer of $570 sent to Ann Fit')
    expect(body.entries).toEqual([{ entryId: 'e1', status: 'sent', amount: 400, usageAddOns: [{ usage: '30_days', amountCents: 5000 }, { usage: 'unlimited', amountCents: 12000 }] }])
  })

  it('refuses a bad add-on amount without calling the API', async () => {
    let called = false
    mockApi({ 'PATCH campaigns/k1/offers': () => ((called = true), [200, { data: { entries: [] } }]) })
    renderRoute(<SendOffer campaignId="k1" entry={entry} roster={roster} />)
    await userEvent.click(screen.getByRole('button', { name: 'Send offer to Ann Fit' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Unlimited paid usage (add-on) (USD)'), '0.5')
    expect(within(dialog).getByText(/Enter an add-on amount between/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }))
    expect(called).toBe(false)
  })
})
