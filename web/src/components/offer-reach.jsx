import { formatDate } from '../lib/format'

/**
 * OfferReach is one offer's reach as the brand sees it: invited (date), opened the offer, claimed, answered.
 * Nothing before the offer went out.
 * @param {{reach?: {invitedAt?: string | null, openedAt?: string | null, claimedAt?: string | null, answeredAt?: string | null}}} props
 */
export function OfferReach({ reach }) {
  if (!reach) return null
  const steps = [
    ['Invited', reach.invitedAt],
    ['Opened the offer', reach.openedAt],
    ['Claimed', reach.claimedAt],
    ['Answered', reach.answeredAt],
  ].filter(([, at]) => at)
  if (steps.length === 0) return null
  return (
    <ul className="list-unstyled small text-secondary mb-0 mt-1" aria-label="Reach">
      {steps.map(([label, at]) => (
        <li key={label}>
          {label} {formatDate(at)}
        </li>
      ))}
    </ul>
  )
}
