/**
 * NetworkStatusBadge says whether a network entry's creator is "on Creator Coach" (linked to an account) or
 * "not yet" (imported only), and "cannot be contacted" when an offer cannot reach them (suppressed, undeliverable
 * or no e-mail).
 * @param {{creator?: {onCreatorCoach?: boolean, contactable?: boolean} | null, className?: string}} props
 */
export function NetworkStatusBadge({ creator, className = '' }) {
  if (!creator || creator.onCreatorCoach === undefined) return null
  return (
    <span className={`d-inline-flex flex-wrap gap-1 ${className}`}>
      {creator.onCreatorCoach ? (
        <span className="badge rounded-pill text-bg-success">on Creator Coach</span>
      ) : (
        <span className="badge rounded-pill text-bg-light border text-dark">not yet</span>
      )}
      {creator.contactable === false && <span className="badge rounded-pill text-bg-warning">cannot be contacted</span>}
    </span>
  )
}
