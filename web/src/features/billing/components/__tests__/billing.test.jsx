import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { formatDate } from '../../../../lib/format'
import { BillingSection } from '../billing-section'
import { promoLabel, subscriptionLabel } from '../subscription-label'
import { usesStripeElements } from '../../api/get-payments-config'
import { TEST_CARDS } from '../test-card-picker'

const ENDS = '2099-12-20T12:00:00Z'
const plans = {
  data: {
    plans: [
      { _id: 'p-m', name: 'Creator Monthly', interval: 'month', amount: 1900, currency: 'usd', features: ['Unlimited coaching questions'] },
      { _id: 'p-y', name: 'Creator Yearly', interval: 'year', amount: 19000, currency: 'usd', features: ['Two months free'] },
    ],
  },
}
const visa = { _id: 'c1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, primary: true }
const master = { _id: 'c2', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029, primary: false }
const sub = (active) => ({ active, endedAt: ENDS, cancelAtPeriodEnd: !active, plan: plans.data.plans[1] })

const invoice = { _id: 'in_1', number: 'CC-0001', status: 'paid', amountDue: 15200, amountPaid: 15200, currency: 'usd', createdAt: '2026-11-20T10:00:00Z', hostedUrl: '' }

/** billingApi is a stateful stand-in of the billing calls for one creator. */
function billingApi({ cards = [], subscription = null, sandbox = true } = {}) {
  const state = { cards, subscription, calls: [] }
  const api = mockApi({
    'GET payments/config': () => [200, { data: { publishableKey: 'pk_test_sandbox', sandbox } }],
    'GET plans': () => [200, plans],
    'GET cards': () => [200, { data: { cards: state.cards } }],
    'POST cards': (body) => {
      state.calls.push(['add', body])
      if (body.id === 'pm_card_chargeDeclined') return [402, { message: 'Your card was declined.', error_code: 'payment_required' }]
      state.cards = [...state.cards, { ...visa, _id: `c${state.cards.length + 1}`, primary: state.cards.length === 0 }]
      return [201, { data: { cards: state.cards, message: 'Card added' } }]
    },
    'POST cards/primary': (body) => {
      state.calls.push(['primary', body])
      state.cards = state.cards.map((c) => ({ ...c, primary: c._id === body.id }))
      return [200, { data: { cards: state.cards, message: 'Primary card changed' } }]
    },
    'DELETE cards/c1': () => [409, { message: 'This card pays for your running subscription. Make another card primary first.', error_code: 'conflict' }],
    'GET subscriptions': () => [200, { data: { subscription: state.subscription } }],
    'GET invoices': () => [200, { data: { invoices: state.subscription ? [invoice] : [] } }],
    'POST subscriptions': (body) => {
      state.calls.push(['subscribe', body])
      state.subscription = sub(true)
      return [201, { data: { subscription: state.subscription, message: 'You are subscribed to Creator Yearly' } }]
    },
    'POST subscriptions/cancel': () => {
      state.calls.push(['cancel'])
      state.subscription = sub(false)
      return [200, { data: { subscription: state.subscription, message: 'Your subscription is cancelled.' } }]
    },
    'POST subscriptions/resume': () => {
      state.calls.push(['resume'])
      state.subscription = sub(true)
      return [200, { data: { subscription: state.subscription, message: 'Your subscription is active again' } }]
    },
    'POST subscriptions/validate-promo-code': (body) => {
      state.calls.push(['promo', body])
      if (body.code === 'WELCOME20') return [200, { data: { valid: true, code: 'WELCOME20', percentOff: 20, currency: 'usd', duration: 'once' } }]
      if (body.code === 'LAUNCH2025') return [422, { message: 'This promo code has expired', error_code: 'invalid', fields: { code: 'This promo code has expired' } }]
      return [422, { message: 'This promo code is not valid', error_code: 'invalid', fields: { code: 'This promo code is not valid' } }]
    },
  })
  return { state, api }
}

const creator = () => setUser({ _id: 'u1', name: 'Cara', email: 'cara@example.com', role: 'USER' })

describe('subscription states and labels', () => {
  const now = new Date('2099-11-20T12:00:00Z')
  it.each([
    ['none', null, 'none', null],
    ['subscribed', { active: true, endedAt: ENDS }, 'subscribed', 'Active'],
    ['subscribed on its last instant', { active: true, endedAt: '2099-11-20T12:00:00Z' }, 'subscribed', 'Active'],
    ['cancelled but still running', { active: false, endedAt: ENDS }, 'cancelled', `Cancelled, ends on ${formatDate(ENDS)}`],
    ['expired', { active: false, endedAt: '2099-11-20T11:59:59Z' }, 'expired', 'Expired'],
    ['active but past endedAt', { active: true, endedAt: '2099-11-19T00:00:00Z' }, 'expired', 'Expired'],
  ])('%s', (_, s, state, text) => {
    expect(subscriptionLabel(s, now)).toMatchObject({ state, text })
  })

  it('describes promo codes and tells a real publishable key from the sandbox', () => {
    expect(promoLabel({ percentOff: 20, duration: 'once' })).toBe('20% off the first payment')
    expect(promoLabel({ percentOff: 50, duration: 'repeating', durationInMonths: 3 })).toBe('50% off for 3 months')
    expect(promoLabel({ amountOff: 500, currency: 'usd', duration: 'forever' })).toBe('$5 off every payment')
    expect(usesStripeElements({ sandbox: false, publishableKey: 'pk_live_51Abc' })).toBe(true)
    expect(usesStripeElements({ sandbox: false, publishableKey: 'pk_test_51Abc' })).toBe(true)
    expect(usesStripeElements({ sandbox: true, publishableKey: 'pk_test_51Abc' })).toBe(false)
    expect(usesStripeElements({ sandbox: false, publishableKey: 'pk_test_sandbox' })).toBe(false)
    expect(usesStripeElements({ sandbox: false, publishableKey: 'sk_live_51Abc' })).toBe(false)
  })
})

describe('BillingSection', () => {
  it('shows the price, the promo discount, the next charge and the billing history', async () => {
    setUser({ _id: 'u1', name: 'Cleo', email: 'cleo@example.com', role: 'USER' })
    const running = { ...sub(true), cancelAtPeriodEnd: false, promo: { code: 'WELCOME20', discount: 3800, duration: 'once' }, nextCharge: { amount: 19000, currency: 'usd', at: ENDS } }
    billingApi({ cards: [visa], subscription: running })
    renderRoute(<BillingSection />)
    expect(await screen.findByTestId('subscription-promo')).toHaveTextContent('Promo WELCOME20: −$38 on the first charge')
    expect(screen.getByTestId('subscription-next-charge')).toHaveTextContent(`Next charge: $190 on ${formatDate(ENDS)}`)
    expect(screen.getByText('$190 / year', { exact: false })).toBeInTheDocument()
    const history = await screen.findByRole('list', { name: 'Invoices' })
    expect(within(history).getByText('CC-0001')).toBeInTheDocument()
    expect(within(history).getByText('$152')).toBeInTheDocument()
    expect(within(history).getByText('Paid')).toBeInTheDocument()
  })

  beforeEach(() => resetAuthStore())

  it('renders nothing for brand staff and admins', () => {
    setUser({ _id: 'u9', name: 'Bea', email: 'bea@acme.io', role: 'BRAND_ADMIN' })
    const { api } = billingApi()
    const { container } = renderRoute(<BillingSection />)
    expect(container.querySelector('section')).toBeNull()
    expect(api).not.toHaveBeenCalled()
  })

  it('asks for a card first, adds a test card with the picker, then subscribes with a promo code checked as typed', async () => {
    creator()
    const { state } = billingApi()
    renderRoute(<BillingSection />)
    expect(await screen.findByText(/Add a card first/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull()
    expect(screen.getByRole('radio', { name: /Creator Monthly/ })).toBeChecked()
    expect(screen.getByText('$19 / month')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }))
    const picker = await screen.findByLabelText('Test card')
    expect(within(picker).getAllByRole('option').map((o) => o.value)).toEqual(['', ...TEST_CARDS.map((c) => c.value)])
    await userEvent.selectOptions(picker, 'pm_card_chargeDeclined')
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Test card'), 'pm_card_mastercard')
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }))
    const list = await screen.findByRole('list', { name: 'Saved cards' })
    expect(within(list).getByText('Visa •••• 4242')).toBeInTheDocument()
    expect(within(list).getByText('Primary')).toBeInTheDocument()
    expect(state.calls.filter((c) => c[0] === 'add').map((c) => c[1].id)).toEqual(['pm_card_chargeDeclined', 'pm_card_mastercard'])

    await userEvent.click(await screen.findByRole('radio', { name: /Creator Yearly/ }))
    const promo = screen.getByLabelText('Promo code')
    await userEvent.type(promo, 'NOPE')
    expect(await screen.findByText('This promo code is not valid')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
    await userEvent.clear(promo)
    await userEvent.type(promo, 'LAUNCH2025')
    expect(await screen.findByText('This promo code has expired')).toBeInTheDocument()
    await userEvent.clear(promo)
    await userEvent.type(promo, 'WELCOME20')
    expect(await screen.findByText('20% off the first payment')).toBeInTheDocument()
    // Checked after the pause, not per key stroke.
    expect(state.calls.filter((c) => c[0] === 'promo').map((c) => c[1].code)).toEqual(['NOPE', 'LAUNCH2025', 'WELCOME20'])
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Active')).toBeInTheDocument()
    expect(state.calls.find((c) => c[0] === 'subscribe')[1]).toEqual({ planId: 'p-y', promoCode: 'WELCOME20' })
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull()
  })

  it('cancels behind a confirm dialog, shows "Cancelled, ends on …", resumes', async () => {
    creator()
    const { state } = billingApi({ cards: [visa], subscription: sub(true) })
    renderRoute(<BillingSection />)
    expect(await screen.findByText('Active')).toBeInTheDocument()
    expect(document.getElementById('subscription')).toContainElement(screen.getByText('Active'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    let dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(state.calls).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
    expect(await screen.findByText(`Cancelled, ends on ${formatDate(ENDS)}`)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Resume subscription' }))
    expect(await screen.findByText('Active')).toBeInTheDocument()
    expect(state.calls.map((c) => c[0])).toEqual(['cancel', 'resume'])
  })

  it('makes a card primary and shows the server refusing to remove the primary card of a running subscription', async () => {
    creator()
    const { state } = billingApi({ cards: [visa, master], subscription: sub(true) })
    renderRoute(<BillingSection />)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }))
    expect(await screen.findByText('This card pays for your running subscription. Make another card primary first.')).toBeInTheDocument()
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Make primary Mastercard •••• 4444' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make primary Mastercard •••• 4444' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Make primary Visa •••• 4242' })).toBeInTheDocument()
    expect(state.calls).toEqual([['primary', { id: 'c2' }]])
  })
})
