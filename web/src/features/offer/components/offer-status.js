// Offer states, their labels and badge colours; the allowed moves come from
// the server with each entry (offer.next), so the state machine lives in one place.
export const OFFER_LABELS = {
  draft: { label: 'Draft', badge: 'text-bg-light' },
  sent: { label: 'Sent', badge: 'text-bg-primary' },
  countered: { label: 'Countered', badge: 'text-bg-warning' },
  accepted: { label: 'Accepted', badge: 'text-bg-success' },
  completed: { label: 'Completed', badge: 'text-bg-dark' },
  declined: { label: 'Declined', badge: 'text-bg-danger' },
  expired: { label: 'Expired', badge: 'text-bg-secondary' },
  withdrawn: { label: 'Withdrawn', badge: 'text-bg-secondary' },
}

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
