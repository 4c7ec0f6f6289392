// Offer states as the app shows them: a label and a badge colour each. The moves allowed from a state come from the
// server with each offer (offer.next), so the state machine itself lives in one place, the store.
export const OFFER_STATES = {
  draft: { label: 'Draft', badge: 'text-bg-light' },
  sent: { label: 'Sent', badge: 'text-bg-primary' },
  countered: { label: 'Countered', badge: 'text-bg-warning' },
  accepted: { label: 'Accepted', badge: 'text-bg-success' },
  completed: { label: 'Completed', badge: 'text-bg-dark' },
  declined: { label: 'Declined', badge: 'text-bg-danger' },
  expired: { label: 'Expired', badge: 'text-bg-secondary' },
  withdrawn: { label: 'Withdrawn', badge: 'text-bg-secondary' },
}
