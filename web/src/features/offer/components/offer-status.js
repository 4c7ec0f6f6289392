import { OFFER_STATES } from '../../../config/offer-states'

// Offer states, their labels and badge colours (config/offer-states.js).
export const OFFER_LABELS = OFFER_STATES

export const offerLabel = (s) => OFFER_LABELS[s]?.label ?? s

/** needsAmount tells whether a move needs an amount: a counter, and a resend after one. */
export function needsAmount(from, to) {
  return to === 'countered' || (from === 'countered' && to === 'sent')
}

/** commonMoves is the moves every selected entry allows (their offer.next lists intersected). */
export function commonMoves(entries) {
  if (entries.length === 0) return []
  return entries.map((e) => e.offer?.next ?? []).reduce((acc, next) => acc.filter((s) => next.includes(s)))
}
