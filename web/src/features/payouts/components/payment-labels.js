import { optionList } from '../../../lib/options'

// What each payment state is called on each side. Amounts are cents from the API, formatted with formatAmount.

/** @typedef {import('../../../lib/api-types').Schema<'PayoutPayment'>} Payment */
/** @typedef {'creator' | 'brand' | 'admin'} Side */

/** BADGES: the colour of each state's badge (text on bootstrap's light backgrounds keeps AA contrast). */
/** @type {Record<string, string>} */
const BADGES = {
  awaiting_approval: 'text-bg-warning',
  funding: 'text-bg-light',
  action_required: 'text-bg-warning',
  funding_failed: 'text-bg-danger',
  funded: 'text-bg-success',
  releasing: 'text-bg-info',
  waiting_details: 'text-bg-warning',
  transferred: 'text-bg-success',
  held: 'text-bg-warning',
  refunding: 'text-bg-light',
  refunded: 'text-bg-secondary',
  lapsed: 'text-bg-secondary',
  reversed: 'text-bg-danger',
}

/** LABELS: the short name of each state, per side where the sides differ. */
/** @type {Record<string, Record<Side, string>>} */
const LABELS = {
  awaiting_approval: { creator: "Waiting for the brand's payment", brand: "Waiting for a BRAND_ADMIN's approval", admin: "Waiting for a BRAND_ADMIN's approval" },
  funding: { creator: 'Payment being reserved', brand: 'Charging the card', admin: 'Funding' },
  action_required: { creator: "Waiting for the brand's payment", brand: 'Action required: the bank asks to confirm the payment', admin: 'Action required' },
  funding_failed: { creator: "Waiting for the brand's payment", brand: 'Funding failed', admin: 'Funding failed' },
  funded: { creator: 'Payment reserved', brand: 'Payment reserved', admin: 'Funded' },
  releasing: { creator: 'Transfer on its way', brand: 'Releasing to the creator', admin: 'Releasing' },
  waiting_details: { creator: 'Waiting for your payout details', brand: "Waiting for the creator's payout details", admin: 'Waiting for payout details' },
  transferred: { creator: 'Transfer sent', brand: 'Transfer sent', admin: 'Transferred' },
  held: { creator: 'Payment held: an admin decides', brand: 'Held: an admin decides', admin: 'Held' },
  refunding: { creator: 'Refunded to the brand', brand: 'Refund on its way', admin: 'Refunding' },
  refunded: { creator: 'Refunded to the brand', brand: 'Refunded', admin: 'Refunded' },
  lapsed: { creator: "Lapsed: the brand's payment did not arrive", brand: 'Lapsed: the card was not charged in time', admin: 'Lapsed' },
  reversed: { creator: 'Transfer taken back by the payment provider', brand: 'Transfer to the creator reversed', admin: 'Transfer reversed' },
}

/**
 * paymentLabel is the state's name for the side and its badge class.
 * @param {string} state
 * @param {Side} side
 */
export function paymentLabel(state, side) {
  const l = LABELS[state]
  return { label: l ? l[side] : state, badge: BADGES[state] ?? 'text-bg-light' }
}

/** BOARD_STATES: the states the admin's payments board lists, in its filter. */
export const BOARD_STATES = optionList({
  '': 'Every state',
  funding_failed: 'Funding failed',
  action_required: 'Action required',
  held: 'Held (objections, chargebacks)',
  waiting_details: 'Waiting for payout details',
  awaiting_approval: 'Awaiting approval',
})

/** ACCOUNT_STATES: the creator's payout account states, as the payouts page names and explains them. */
export const ACCOUNT_STATES = {
  not_set_up: { label: 'Not set up', badge: 'text-bg-light', text: 'Set up payouts to receive the money of the offers you accept. It takes a few minutes with the payment provider.' },
  details_needed: { label: 'Details needed', badge: 'text-bg-warning', text: 'The payment provider needs more details before it can pay you.' },
  verifying: { label: 'Verifying', badge: 'text-bg-info', text: 'Your details are in; the payment provider is checking them.' },
  ready: { label: 'Ready', badge: 'text-bg-success', text: 'You are paid automatically once your tagged post is captured and the review window passes.' },
  restricted: { label: 'Restricted', badge: 'text-bg-danger', text: 'The payment provider has paused payouts to this account. Open the payouts dashboard to see why.' },
}

/** REQUIREMENTS names what the provider asks for (its requirement codes); anything else is shown as the code. */
/** @type {Record<string, string>} */
const REQUIREMENTS = {
  external_account: 'a bank account for payouts',
  'individual.dob.day': 'your date of birth',
  'individual.dob.month': 'your date of birth',
  'individual.dob.year': 'your date of birth',
  'individual.first_name': 'your first name',
  'individual.last_name': 'your last name',
  'individual.address.line1': 'your address',
  'individual.address.city': 'your address',
  'individual.address.postal_code': 'your address',
  'individual.email': 'your e-mail address',
  'individual.phone': 'your phone number',
  'individual.id_number': 'your identity number',
  'individual.ssn_last_4': 'the last 4 digits of your social security number',
  'individual.verification.document': 'an identity document',
  'business_profile.url': 'a website or social profile',
  'business_profile.mcc': 'what you do',
  'tos_acceptance.date': "the payment provider's terms",
  'tos_acceptance.ip': "the payment provider's terms",
  business_type: 'whether you are paid as an individual or a company',
}

/**
 * requirementNames turns the provider's requirement codes into what a person reads, each once.
 * @param {string[]} codes
 */
export function requirementNames(codes) {
  return [...new Set((codes ?? []).map((c) => REQUIREMENTS[c] ?? c.replace(/[._]/g, ' ')))]
}
