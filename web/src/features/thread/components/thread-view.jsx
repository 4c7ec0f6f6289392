import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { LoadError, Loading } from '../../../components/status'
import { NotFoundView } from '../../../components/not-found-view'
import { formatMoney } from '../../../lib/format'
import { THREAD_UNREAD_KEY } from '../../../lib/thread-unread'
import { markRead } from '../api/thread-calls'
import { THREAD_EVENT } from '../api/thread-keys'
import { useThread } from '../api/get-thread'
import { Composer } from './composer'
import { DraftForm } from './draft-form'
import { TimelineItem } from './timeline-item'
import { platformName } from './thread-labels'
import './thread.css'

const DRAFTS_OPEN = ['accepted', 'completed']

/**
 * Notices says what the caller cannot do here and why.
 * @param {{thread: import('../api/get-thread').Thread}} props
 */
function Notices({ thread }) {
  if (thread.readOnly) {
    return (
      <div className="alert alert-secondary small" role="note">
        This conversation is closed: the offer was {thread.status} more than 30 days ago. You can read it but no longer write.
      </div>
    )
  }
  if (!thread.canWrite) {
    return (
      <div className="alert alert-secondary small" role="note">
        You can read this conversation. Your role cannot write in it; ask a brand admin or manager.
      </div>
    )
  }
  return null
}

/**
 * ThreadView is an offer's conversation: its head, what the caller may not do, the composer, the creator's draft
 * form and the time line newest first with "Show older". Live events refresh it; opening it marks it read.
 * @param {{offerId: string}} props
 */
export function ThreadView({ offerId }) {
  const { data, error, size, setSize, mutate, isLoading, isValidating } = useThread(offerId)
  const { mutate: refresh } = useSWRConfig()
  const thread = data?.[0]?.thread
  const items = (data ?? []).flatMap((p) => p.items ?? [])
  const hasOlder = Boolean(data?.at(-1)?.nextBefore)
  const unread = thread?.unread ?? 0

  useEffect(() => {
    const on = (/** @type {Event} */ e) => {
      const { detail } = /** @type {CustomEvent<import('../hooks/use-live-events').LiveEvent | null>} */ (e)
      if (!detail || detail.offerId === offerId) mutate()
    }
    window.addEventListener(THREAD_EVENT, on)
    return () => window.removeEventListener(THREAD_EVENT, on)
  }, [offerId, mutate])

  // Unread messages count as read once the page is seen: now, or when a hidden tab comes back.
  useEffect(() => {
    if (unread === 0) return undefined
    const mark = () => {
      if (document.visibilityState === 'hidden') return
      document.removeEventListener('visibilitychange', mark)
      markRead(offerId)
        .then(() => refresh(THREAD_UNREAD_KEY))
        .catch(() => {})
    }
    document.addEventListener('visibilitychange', mark)
    mark()
    return () => document.removeEventListener('visibilitychange', mark)
  }, [unread, offerId, refresh])

  if (error?.status === 404) return <NotFoundView />
  if (error && !data) return <LoadError error={error} onRetry={() => mutate()} />
  if (isLoading || !thread) return <Loading label="Loading the conversation…" />

  const drafts = items.filter((i) => i.kind === 'draft')
  const approved = drafts.some((d) => d.status === 'approved')
  const nextVersion = Math.max(0, ...drafts.map((d) => d.version ?? 0)) + 1
  const canDraft = thread.side === 'creator' && thread.canWrite && DRAFTS_OPEN.includes(thread.status) && !approved
  const canReview = thread.canWrite && thread.side !== 'creator'
  const other = thread.side === 'creator' ? thread.brand?.name : thread.creator?.name
  const back = thread.side === 'creator' ? '/my-offers' : thread.side === 'support' ? '/offers' : `/update-campaign/${thread.campaign._id}`

  return (
    <div className="cc-thread d-flex flex-column gap-3">
      <header className="card border-0 shadow-sm">
        <div className="card-body p-3 d-flex flex-wrap justify-content-between gap-2">
          <div>
            <h2 className="h5 fw-bold mb-0">{thread.campaign.name}</h2>
            <p className="small text-secondary mb-0">
              {thread.side === 'support' ? `${thread.brand?.name} and ${thread.creator?.name}` : `With ${other}`} · {platformName(thread.platform)}
              {thread.campaign.trackingTag && ` · #${thread.campaign.trackingTag}`}
            </p>
          </div>
          <div className="text-md-end small">
            <div className="fw-bold">{formatMoney(thread.amount)}</div>
            <div className="text-capitalize">{thread.status}</div>
            <Link to={back}>Back</Link>
          </div>
        </div>
      </header>
      <Notices thread={thread} />
      {thread.canWrite && <Composer offerId={offerId} asSupport={thread.side === 'support'} onSent={() => mutate()} />}
      {canDraft && <DraftForm key={nextVersion} offerId={offerId} platform={thread.platform} version={nextVersion} onSent={() => mutate()} />}
      <section aria-labelledby="thread-timeline">
        <h2 id="thread-timeline" className="h6 fw-bold">
          Conversation, newest first
        </h2>
        {items.length === 0 ? (
          <p className="text-secondary small">No messages yet.</p>
        ) : (
          <ol className="list-unstyled d-flex flex-column gap-2 mb-0" aria-live="polite" aria-relevant="additions">
            {items.map((item) => (
              <li key={item._id}>
                <TimelineItem offerId={offerId} item={item} canReview={canReview} onChanged={() => mutate()} />
              </li>
            ))}
          </ol>
        )}
        {hasOlder && (
          <button type="button" className="btn btn-outline-secondary btn-sm mt-3" disabled={isValidating} onClick={() => setSize(size + 1)}>
            Show older
          </button>
        )}
      </section>
    </div>
  )
}
