import { OFFER_STATES } from '../../../config/offer-states'

// How the creator's page names offer states, usage rights and exclusivity.
export const STATUS = { ...OFFER_STATES, sent: { ...OFFER_STATES.sent, label: 'Waiting for you' } }

/** @type {Record<string, string>} */
export const USAGE = { organic_only: 'Organic only', unlimited: 'Unlimited', '30_days': '30 days' }
/** @type {Record<string, string>} */
export const EXCLUSIVITY = { no_exclusivity: 'No exclusivity', exclusive: 'Exclusive' }
/** SIDE names who made a move. @type {Record<string, string>} */
export const SIDE = { admin: 'Creator Coach', brand: 'The brand', creator: 'You', system: 'The offer' }

/** MOVES names each state as a move in the history. @type {Record<string, string>} */
export const MOVES = { sent: 'sent', countered: 'countered', accepted: 'accepted', completed: 'completed', declined: 'declined', expired: 'expired', withdrawn: 'withdrawn' }

/** statusOf returns the label and badge class of a state. */
export const statusOf = (/** @type {string} */ s) => /** @type {Record<string, {label: string, badge: string}>} */ (STATUS)[s] ?? { label: s, badge: 'text-bg-light' }
