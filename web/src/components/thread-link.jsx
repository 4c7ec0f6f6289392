import { Link } from 'react-router-dom'
import { useThreadUnread } from '../lib/thread-unread'

/**
 * UnreadBadge is a count of unread messages with its words for screen readers; nothing for 0.
 * @param {{count?: number, className?: string}} props
 */
export function UnreadBadge({ count, className = '' }) {
  if (!count) return null
  return (
    <span className={`badge rounded-pill text-bg-danger ${className}`}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread {count === 1 ? 'message' : 'messages'}</span>
    </span>
  )
}

/**
 * ThreadLink is an offer row's link to its conversation, with the row's unread messages.
 * @param {{offerId?: string | null, status?: string, className?: string}} props
 */
export function ThreadLink({ offerId, status = 'sent', className = 'small' }) {
  const { data } = useThreadUnread()
  if (!offerId || status === 'draft') return null
  const count = data?.threads?.find((t) => t.offerId === offerId)?.unread ?? 0
  return (
    <Link to={`/threads/${encodeURIComponent(offerId)}`} className={`${className} d-inline-flex align-items-center gap-1`}>
      Conversation
      <UnreadBadge count={count} />
    </Link>
  )
}

/**
 * NavUnread is the sidebar's unread badge on "Offers" (creators) and "Campaigns" (brand roles).
 * @param {{to: string}} props
 */
export function NavUnread({ to }) {
  const { data } = useThreadUnread()
  if (to !== '/my-offers' && to !== '/campaigns') return null
  return <UnreadBadge count={data?.total ?? 0} className="ms-auto" />
}
