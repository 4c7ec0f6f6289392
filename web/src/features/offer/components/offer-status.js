import { OFFER_STATES } from '../../../config/offer-states'

// Offer states, their labels and badge colours (config/offer-states.js).
export const OFFER_LABELS = OFFER_STATES

/** @typedef {import('../../../lib/api-schema').components['schemas']['RosterOfferStatus']} OfferStatus */

/**
 * offerLabel is a state's readable name ("Countered").
 * @param {string} s
 */
export const offerLabel = (s) => OFFER_LABELS[/** @type {OfferStatus} */ (s)]?.label ?? s

/**
 * needsAmount tells whether a move needs an amount: a counter, and a resend after one.
 * @param {string} from
 * @param {string} to
 */
export function needsAmount(from, to) {
  return to === 'countered' || (from === 'countered' && to === 'sent')
}

/**
 * commonMoves is the moves every selected entry allows (their offer.next lists intersected).
 * @param {import('../../../lib/api-schema').components['schemas']['RosterEntry'][]} entries
 * @returns {OfferStatus[]}
 */
export function commonMoves(entries) {
  if (entries.length === 0) return []
  return entries.map((e) => e.offer?.next ?? []).reduce((acc, next) => acc.filter((s) => next.includes(s)))
}
