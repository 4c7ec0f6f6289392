import { formatAmount, formatDate } from '../../../lib/format'
import { subscriptionState } from '../../../lib/subscription'

/**
 * subscriptionLabel is the state badge of the product at `now`: 'Active'
 * (subscribed), 'Cancelled, ends on DATE' (cancelled but still running),
 * 'Expired', or no text without a subscription. tone is the badge's colour.
 * @param {Parameters<typeof subscriptionState>[0]} sub
 * @param {Date} [now]
 */
export function subscriptionLabel(sub, now = new Date()) {
  switch (subscriptionState(sub, now)) {
    case 'subscribed':
      return { state: 'subscribed', text: 'Active', tone: 'success' }
    case 'cancelled':
      return { state: 'cancelled', text: `Cancelled, ends on ${formatDate(sub?.endedAt)}`, tone: 'warning' }
    case 'expired':
      return { state: 'expired', text: 'Expired', tone: 'secondary' }
    default:
      return { state: 'none', text: null, tone: null }
  }
}

/**
 * promoLabel describes a checked promo code: '20% off the first payment', '$5 off for 3 months'.
 * @param {Partial<import('../../../lib/api-types').Data<'/api/subscriptions/validate-promo-code', 'post'>>} p
 */
export function promoLabel(p) {
  const off = p.percentOff != null ? `${p.percentOff}% off` : `${formatAmount(p.amountOff, p.currency)} off`
  if (p.duration === 'repeating' && p.durationInMonths) return `${off} for ${p.durationInMonths} month${p.durationInMonths === 1 ? '' : 's'}`
  if (p.duration === 'forever') return `${off} every payment`
  return `${off} the first payment`
}

/** @type {Record<string, string>} */
const BRANDS = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' }

/**
 * cardName is a saved card's brand and last digits: 'Visa •••• 4242'.
 * @param {import('../api/get-cards').Card} card
 */
export function cardName(card) {
  const brand = BRANDS[card.brand] || (card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1) : 'Card')
  return `${brand} •••• ${card.last4}`
}

/**
 * cardExpiry is 'Expires 12/30'.
 * @param {import('../api/get-cards').Card} card
 */
export function cardExpiry(card) {
  return `Expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`
}
