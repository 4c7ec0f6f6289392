import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { OfferPayment } from '../offer-payment'
import { PaysOnTime } from '../pays-on-time'
import { PlatformFee } from '../platform-fee'
import { PayoutAccount, PayoutsLink } from '../payout-account'
import { Earnings } from '../earnings'
import { BrandPayments } from '../brand-payments'
import { PaymentsBoard } from '../payments-board'
import { CreatorPayoutState } from '../creator-payout-state'
import { paymentLabel, requirementNames } from '../payment-labels'

const ENTRY = '11111111-1111-4111-8111-111111111111'
const as = (role) => setUser({ _id: 'u1', name: 'Someone', email: 'someone@example.com', role })

/** payment is an offer's payment as the API answers it (amounts in cents). */
const payment = (over = {}) => ({
  entryId: ENTRY, currency: 'usd', amount: 60000, fee: null, state: 'funded', refundAmount: 0, overdue: false, books: null,
  fundingAt: '2026-11-01T10:00:00Z', fundedAt: '2026-11-01T10:01:00Z', capturedAt: null, releaseAt: null, transferredAt: null,
  arrivalAt: null, paidAt: null, refundedAt: null, objectedAt: null, objectionReason: '', failure: '', updatedAt: '2026-11-01T10:01:00Z', ...over,
})

beforeEach(() => resetAuthStore())
afterEach(() => vi.restoreAllMocks())

describe('OfferPayment (creator)', () => {
  it('shows "Payment reserved: $600" with the release date once funded and the clock runs', async () => {
    as('USER')
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ capturedAt: '2026-11-03T09:00:00Z', releaseAt: '2026-11-05T09:00:00Z' }) } }],
      'GET payouts/account': () => [200, { data: { account: { state: 'ready', requirements: [], updatedAt: null } } }],
    })
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="creator" />)
    expect(await screen.findByText('Payment reserved: $600')).toBeInTheDocument()
    expect(screen.getByText('Clock started')).toBeInTheDocument()
    expect(screen.getByText(/unless the brand objects/)).toBeInTheDocument()
    expect(screen.queryByText(/the money waits/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Object|Approve|Charge/ })).not.toBeInTheDocument()
  })

  it("tells a creator without payouts that the money waits, and a failed funding reads \"waiting for the brand's payment\"", async () => {
    as('USER')
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ state: 'funding_failed', fundedAt: null, failure: 'Your card was declined.', overdue: true }) } }],
      'GET payouts/account': () => [200, { data: { account: { state: 'not_set_up', requirements: [], updatedAt: null } } }],
    })
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="creator" />)
    expect(await screen.findByText("Waiting for the brand's payment")).toBeInTheDocument()
    expect(screen.getByText('Overdue')).toBeInTheDocument()
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument() // the brand's card is the brand's business
    expect(await screen.findByText(/the money waits for you/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Set up payouts' })).toHaveAttribute('href', '/account-settings/payouts')
  })

  it('shows the transfer and the expected arrival, and reads nothing before the offer is accepted', async () => {
    as('USER')
    const api = mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ state: 'transferred', transferredAt: '2026-11-06T09:00:00Z', arrivalAt: '2026-11-08T00:00:00Z' }) } }],
      'GET payouts/account': () => [200, { data: { account: { state: 'ready', requirements: [], updatedAt: null } } }],
    })
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="completed" side="creator" />)
    expect(await screen.findByText('Transfer sent: $600')).toBeInTheDocument()
    expect(screen.getByText('Expected in bank')).toBeInTheDocument()
    unmount()
    api.mockClear()
    renderRoute(<OfferPayment entryId={ENTRY} status="sent" side="creator" />)
    await new Promise((r) => setTimeout(r, 20))
    expect(api).not.toHaveBeenCalled()
  })
})

describe('OfferPayment (brand)', () => {
  const brandApi = (state, calls = []) =>
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ state, fee: 6000 }) } }],
      [`POST payouts/offers/${ENTRY}/objection`]: (body) => {
        calls.push(['object', body])
        return [200, { data: { payment: payment({ state: 'held', fee: 6000, objectionReason: body.reason }) } }]
      },
      [`POST payouts/offers/${ENTRY}/approval`]: () => {
        calls.push(['approve'])
        return [200, { data: { payment: payment({ state: 'funding', fee: 6000 }) } }]
      },
    })

  it('a BRAND_MANAGER objects with a reason and sees the fee', async () => {
    as('BRAND_MANAGER')
    const calls = []
    brandApi('funded', calls)
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText('$600 to the creator + $60 platform fee')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Object' }))
    const form = screen.getByRole('form', { name: 'Object to the payment' })
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Other')
    await userEvent.click(within(form).getByRole('button', { name: 'Hold the payment' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Give a reason of 3 to 500 characters')
    await userEvent.type(within(form).getByLabelText('What is wrong'), 'The post was deleted after a day')
    await userEvent.click(within(form).getByRole('button', { name: 'Hold the payment' }))
    await waitFor(() => expect(calls).toEqual([['object', { reason: 'The post was deleted after a day' }]]))
  })

  it('shows the brand the running clock with its release date, then "Transfer sent" once the payment is released', async () => {
    as('BRAND_VIEWER')
    let current = payment({ fee: 6000, capturedAt: '2026-11-03T09:00:00Z', releaseAt: '2026-11-05T09:00:00Z' })
    mockApi({ [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: current } }] })
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText('Payment reserved: $600')).toBeInTheDocument()
    expect(screen.getByText('Clock started')).toBeInTheDocument()
    expect(screen.getByText('Release')).toBeInTheDocument()
    expect(screen.getByText(/unless the brand objects$/)).toBeInTheDocument()
    unmount()
    current = payment({ fee: 6000, state: 'transferred', capturedAt: '2026-11-03T09:00:00Z', releaseAt: '2026-11-05T09:00:00Z', transferredAt: '2026-11-05T09:05:00Z' })
    renderRoute(<OfferPayment entryId={ENTRY} status="completed" side="brand" />)
    expect(await screen.findByText('Transfer sent: $600')).toBeInTheDocument()
    expect(screen.queryByText(/unless the brand objects/)).not.toBeInTheDocument()
  })

  it("a manager's commitment above the limit waits for a BRAND_ADMIN, who approves it", async () => {
    as('BRAND_MANAGER')
    brandApi('awaiting_approval')
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText("Waiting for a BRAND_ADMIN's approval")).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve payment' })).not.toBeInTheDocument()
    unmount()
    as('BRAND_ADMIN')
    const calls = []
    brandApi('awaiting_approval', calls)
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Approve payment' }))
    await waitFor(() => expect(calls).toEqual([['approve']]))
  })

  it('a BRAND_VIEWER sees the payment and no money buttons', async () => {
    as('BRAND_VIEWER')
    brandApi('funded')
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText('Payment reserved: $600')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Object|Approve|Charge|Cancel/ })).not.toBeInTheDocument()
  })

  it('says from when an undelivered offer may be cancelled, then a BRAND_ADMIN cancels it for a full refund', async () => {
    as('BRAND_ADMIN')
    const calls = []
    let allowed = false
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ fee: 6000, cancelFrom: '2026-12-20T00:00:00Z', cancelAllowed: allowed }) } }],
      [`POST payouts/offers/${ENTRY}/cancel`]: () => {
        calls.push('cancel')
        return [200, { data: { payment: payment({ state: 'refunding', fee: 6000, cancelFrom: null, cancelAllowed: false }) } }]
      },
    })
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText(/if nothing is, you may cancel from/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).not.toBeInTheDocument()
    unmount()
    allowed = true
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel and refund' }))
    const confirm = screen.getByRole('group', { name: 'Cancel the undelivered offer' })
    expect(confirm).toHaveTextContent('refund $660 to your card')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel and refund' }))
    await waitFor(() => expect(calls).toEqual(['cancel']))
  })

  it('tells the creator until when to post once the campaign ended with nothing captured, and the brand when they were told', async () => {
    as('USER')
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ cancelFrom: '2026-12-20T00:00:00Z', deliveryNoticeAt: '2026-12-13T00:00:00Z' }) } }],
      'GET payouts/account': () => [200, { data: { account: { state: 'ready', requirements: [], updatedAt: null } } }],
    })
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="creator" />)
    expect(await screen.findByText(/no post of yours with its tag/)).toHaveTextContent(/no post of yours with its tag was captured\. Post by .*20.*: after that, the brand may cancel/)
    unmount()
    as('BRAND_MANAGER')
    mockApi({ [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ fee: 6000, cancelFrom: '2026-12-20T00:00:00Z', deliveryNoticeAt: '2026-12-13T00:00:00Z' }) } }] })
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText(/The creator was told on .*13/)).toBeInTheDocument()
  })

  it("a BRAND_MANAGER finishes the bank's check in the sandbox and the payment is reserved; a viewer has no button", async () => {
    as('BRAND_MANAGER')
    const calls = []
    let state = 'action_required'
    mockApi({
      [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ state, fee: 6000, fundedAt: state === 'funded' ? '2026-11-01T10:05:00Z' : null }) } }],
      [`POST payouts/offers/${ENTRY}/authentication`]: () => (calls.push('start'), [200, { data: { clientSecret: 'pi_1_secret_x', sandbox: true } }]),
      [`POST payouts/offers/${ENTRY}/authentication/result`]: (body) => {
        calls.push(body)
        state = 'funded'
        return [200, { data: { payment: payment({ state, fee: 6000 }) } }]
      },
    })
    const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText('Action required: the bank asks to confirm the payment')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Confirm with your bank' }))
    const bank = await screen.findByRole('group', { name: "Your bank's check (sandbox)" })
    expect(bank).toHaveTextContent('confirm the charge of $660')
    await userEvent.click(within(bank).getByRole('button', { name: 'Confirm payment' }))
    await waitFor(() => expect(calls).toEqual(['start', { sandboxOutcome: 'succeeded' }]))
    expect(await screen.findByText('Payment confirmed: the money is reserved')).toBeInTheDocument()
    unmount()
    as('BRAND_VIEWER')
    state = 'action_required'
    renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side="brand" />)
    expect(await screen.findByText('Action required: the bank asks to confirm the payment')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm with your bank' })).not.toBeInTheDocument()
  })
})

describe('A lapsed payment', () => {
  it('tells each side that the offer lapsed unpaid and nothing is owed', async () => {
    for (const [role, side, label, says] of [
      ['USER', 'creator', "Lapsed: the brand's payment did not arrive", 'nothing is owed on either side, and no post is due'],
      ['BRAND_ADMIN', 'brand', 'Lapsed: the card was not charged in time', 'nothing was charged. Send a new offer'],
    ]) {
      as(role)
      mockApi({
        [`GET payouts/offers/${ENTRY}`]: () => [200, { data: { payment: payment({ state: 'lapsed', fundedAt: null, fee: side === 'brand' ? 6000 : null }) } }],
        'GET payouts/account': () => [200, { data: { account: { state: 'not_set_up', requirements: [], updatedAt: null } } }],
      })
      const { unmount } = renderRoute(<OfferPayment entryId={ENTRY} status="accepted" side={side} />)
      expect(await screen.findByText(label)).toBeInTheDocument()
      const group = screen.getByRole('group', { name: 'Payment' })
      expect(group).toHaveTextContent(says)
      expect(within(group).queryByRole('button')).not.toBeInTheDocument()
      expect(screen.queryByText(/the money waits/)).not.toBeInTheDocument()
      unmount()
    }
  })
})

describe('PaysOnTime and PlatformFee', () => {
  it('shows "new on the platform" under 5 releases, and the record above', async () => {
    as('USER')
    mockApi({ 'GET payouts/brands/b1/pays-on-time': () => [200, { data: { record: { releases: 2, onTimeShare: null, medianHours: null, label: 'new on the platform' } } }] })
    const { unmount } = renderRoute(<PaysOnTime brandId="b1" brandName="Acme Studio" />)
    expect(await screen.findByTestId('pays-on-time')).toHaveTextContent('Acme Studio is new on the platform')
    unmount()
    mockApi({ 'GET payouts/brands/b1/pays-on-time': () => [200, { data: { record: { releases: 12, onTimeShare: 0.92, medianHours: 49, label: '92% paid on time, median 49 hours from post to transfer' } } }] })
    renderRoute(<PaysOnTime brandId="b1" brandName="Acme Studio" />)
    expect(await screen.findByTestId('pays-on-time')).toHaveTextContent('92% paid on time, median 49 hours from post to transfer (12 releases')
  })

  it('shows the fee from the API before a brand sends', async () => {
    as('BRAND_ADMIN')
    mockApi({ 'GET payouts/brand/settings': () => [200, { data: { settings: { managerMonthlyLimit: 200000, needsAdminApproval: false, feePercent: 10 } } }] })
    renderRoute(<PlatformFee amount={850} />)
    expect(await screen.findByTestId('platform-fee')).toHaveTextContent('Platform fee 10%: $85. Once the offer is accepted your card is charged $935')
  })
})

describe('PayoutAccount', () => {
  it('sets up payouts and follows the onboarding link', async () => {
    as('USER')
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue(/** @type {any} */ ({ ...window.location, assign }))
    mockApi({
      'GET payouts/account': () => [200, { data: { account: { state: 'not_set_up', requirements: [], updatedAt: null } } }],
      'POST payouts/account': () => [200, { data: { account: { state: 'details_needed', requirements: [], updatedAt: null }, url: '/account-settings/payouts?returned=1' } }],
    })
    renderRoute(<PayoutAccount />)
    expect(await screen.findByTestId('payout-state')).toHaveTextContent('Not set up')
    await userEvent.click(screen.getByRole('button', { name: 'Set up payouts' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-settings/payouts?returned=1'))
  })

  it('lists what the provider asks for and opens the dashboard', async () => {
    as('USER')
    mockApi({
      'GET payouts/account': () => [200, { data: { account: { state: 'details_needed', requirements: ['external_account', 'individual.dob.day', 'individual.dob.year'], updatedAt: '2026-11-01T10:00:00Z' } } }],
    })
    renderRoute(<PayoutAccount />)
    expect(await screen.findByText('a bank account for payouts')).toBeInTheDocument()
    expect(screen.getAllByText('your date of birth')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Open the payouts dashboard' })).toBeInTheDocument()
  })

  it('the settings link shows for creators only', () => {
    as('BRAND_ADMIN')
    const { unmount } = renderRoute(<PayoutsLink />)
    expect(screen.queryByRole('link', { name: 'Manage payouts' })).not.toBeInTheDocument()
    unmount()
    as('USER')
    renderRoute(<PayoutsLink />)
    expect(screen.getByRole('link', { name: 'Manage payouts' })).toHaveAttribute('href', '/account-settings/payouts')
  })
})

describe('Earnings', () => {
  it('shows this month, this year, by brand and the payments', async () => {
    as('USER')
    mockApi({
      'GET payouts/earnings': () => [200, { data: { earnings: { currency: 'usd', thisMonth: 60000, thisYear: 125050, byBrand: [{ brandName: 'Acme Studio', paid: 125050 }],
        payments: [{ entryId: ENTRY, campaignName: 'Autumn Lookbook', brandName: 'Acme Studio', state: 'transferred', amount: 60000, paid: 60000, currency: 'usd', fundedAt: '2026-11-01T10:00:00Z', transferredAt: '2026-11-06T10:00:00Z' }] } } }],
    })
    renderRoute(<Earnings />)
    expect(await screen.findByTestId('earnings-month')).toHaveTextContent('$600')
    expect(screen.getAllByText('$1,250.50')).toHaveLength(2)
    expect(screen.getByText('Transfer sent')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()
  })
})

describe('BrandPayments', () => {
  const cards = [{ _id: 'k1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, default: true }]
  const CardInput = ({ onSave }) => (
    <button type="button" onClick={() => onSave('pm_card_mastercard')}>
      Use test card
    </button>
  )
  const api = (calls) =>
    mockApi({
      'GET payouts/brand/cards': () => [200, { data: { cards } }],
      'POST payouts/brand/cards': (body) => {
        calls.push(['add', body])
        return [201, { data: { card: cards[0], cards, message: 'Card added' } }]
      },
      'GET payouts/brand/settings': () => [200, { data: { settings: { managerMonthlyLimit: 200000, needsAdminApproval: false, feePercent: 10 } } }],
      'PUT payouts/brand/settings': (body) => {
        calls.push(['limit', body])
        return [200, { data: { settings: { managerMonthlyLimit: body.managerMonthlyLimit, needsAdminApproval: false, feePercent: 10 } } }]
      },
      'GET payouts/spend': () => [200, { data: { spend: { currency: 'usd', campaigns: [{ campaignId: 'c1', campaignName: 'Autumn Lookbook', committed: 66000, paid: 0, refunded: 0, fees: 6000 }],
        receipts: [{ entryId: ENTRY, campaignName: 'Autumn Lookbook', creatorName: 'Cleo Creator', amount: 60000, fee: 6000, total: 66000, currency: 'usd', paymentIntent: 'pi_1', fundedAt: '2026-11-01T10:00:00Z' }] } } }],
    })

  it('a BRAND_ADMIN adds a card with the card form handed in and sets the manager limit in dollars (sent in cents)', async () => {
    as('BRAND_ADMIN')
    const calls = []
    api(calls)
    renderRoute(<BrandPayments CardInput={CardInput} />)
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }))
    await userEvent.click(screen.getByRole('button', { name: 'Use test card' }))
    const limit = await screen.findByLabelText(/Monthly limit for BRAND_MANAGERs/)
    expect(limit).toHaveValue(2000)
    await userEvent.clear(limit)
    await userEvent.type(limit, '2500')
    await userEvent.click(screen.getByRole('button', { name: 'Save limit' }))
    await waitFor(() => expect(calls).toEqual([['add', { id: 'pm_card_mastercard' }], ['limit', { managerMonthlyLimit: 250000 }]]))
    expect(screen.getByTestId('fee-percent')).toHaveTextContent('10%')
    expect(await screen.findAllByText('$660')).toHaveLength(2) // committed, and the receipt's total
  })

  it('a BRAND_VIEWER sees the last 4 digits, the limit and the spend, and no money buttons', async () => {
    as('BRAND_VIEWER')
    api([])
    renderRoute(<BrandPayments CardInput={CardInput} />)
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument()
    expect(await screen.findByText('$2,000')).toBeInTheDocument()
    await screen.findByText(/Cleo Creator/)
    expect(screen.queryByRole('button', { name: /Add a card|Remove|Save limit/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/Monthly limit/)).not.toBeInTheDocument()
  })
})

describe('PaymentsBoard', () => {
  it('an ADMIN decides a held payment: a partial refund needs an amount and a reason', async () => {
    as('ADMIN')
    const calls = []
    mockApi({
      'GET payouts/board?page=1&limit=20': () => [200, { data: { payments: [{ entryId: ENTRY, state: 'held', amount: 60000, fee: 6000, currency: 'usd', brandName: 'Acme Studio',
        creatorName: 'Cleo Creator', campaignName: 'Autumn Lookbook', failure: '', objectionReason: 'Not as agreed', updatedAt: '2026-11-05T10:00:00Z' }], total: 1, page: 1, limit: 20,
        mismatches: [{ id: 1, day: '2026-11-04', kind: 'transfer', providerId: 'tr_1', detail: 'the ledger has no release', foundAt: '2026-11-05T02:41:00Z' }] } }],
      [`POST payouts/offers/${ENTRY}/decision`]: (body) => {
        calls.push(body)
        return [200, { data: { payment: payment({ state: 'releasing', refundAmount: body.refundAmount }) } }]
      },
    })
    renderRoute(<PaymentsBoard />)
    const form = await screen.findByRole('form', { name: 'Decide the payment of Cleo Creator' })
    expect(screen.getByText('Objection: “Not as agreed”')).toBeInTheDocument()
    expect(screen.getByText(/the ledger has no release/)).toBeInTheDocument()
    await userEvent.click(within(form).getByLabelText('Partial refund, release the rest'))
    await userEvent.click(within(form).getByRole('button', { name: 'Record decision' }))
    expect(within(form).getByText('Give a reason of 3 to 500 characters')).toBeInTheDocument()
    expect(within(form).getByText('Enter a refund above $0 and below $600')).toBeInTheDocument()
    await userEvent.type(within(form).getByLabelText('Refund to the brand (USD)'), '150')
    await userEvent.type(within(form).getByLabelText(/Reason/), 'One of two posts delivered')
    await userEvent.click(within(form).getByRole('button', { name: 'Record decision' }))
    await waitFor(() => expect(calls).toEqual([{ decision: 'partial_refund', reason: 'One of two posts delivered', refundAmount: 15000 }]))
  })
})

describe('labels', () => {
  it('names each state per side and the provider requirements once', () => {
    expect(paymentLabel('funding_failed', 'creator').label).toBe("Waiting for the brand's payment")
    expect(paymentLabel('waiting_details', 'creator').label).toBe('Waiting for your payout details')
    expect(requirementNames(['individual.dob.day', 'individual.dob.month', 'custom.thing'])).toEqual(['your date of birth', 'custom thing'])
  })
})

describe('CreatorPayoutState', () => {
  it("reads a creator's payouts state for an ADMIN, with what the provider asks", async () => {
    as('ADMIN')
    mockApi({ 'GET payouts/accounts/u9': () => [200, { data: { account: { state: 'details_needed', requirements: ['external_account'], updatedAt: '2026-11-20T10:00:00Z' } } }] })
    const { container } = renderRoute(<CreatorPayoutState userId="u9" />)
    expect(await screen.findByText('Details needed')).toBeInTheDocument()
    expect(container).toHaveTextContent('Asks for: a bank account for payouts')
  })
})
