import { useEffect, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { Link } from 'react-router-dom'
import { Loading, LoadError } from '../../../components/status'
import { toast } from '../../../lib/toast'
import { ApiError } from '../../../lib/request'
import { useAskCoach } from '../api/ask-coach'
import { useConnectedPlatforms } from '../api/get-connected-platforms'
import { chatsKey, isChatsKey, useChats } from '../api/get-chats'
import { AskForm } from './ask-form'
import { ChatEntry } from './chat-entry'
import { creditsLabel, freeCredits } from './credits'
import { subscriptionState, useSubscription } from '../../../lib/subscription'
import { usePlatformFilter } from './platform-filter'
import { QUESTIONS } from './questions'
import { QuestionChips } from './question-chips'
import './coach.css'

/**
 * withEntry appends a just-asked entry to the first chat (or starts one).
 * @param {import('../api/get-chats').Chats | undefined} chats
 * @param {import('../api/get-chats').ChatEntry} entry
 * @returns {import('../api/get-chats').Chats}
 */
function withEntry(chats, entry) {
  if (!chats?.length) return [{ _id: 'new', platform: entry.platform, createdAt: entry.createdAt, data: [entry] }]
  const [first, ...rest] = chats
  if ((first.data || []).some((e) => e._id === entry._id)) return chats
  return [{ ...first, data: [...(first.data || []), entry] }, ...rest]
}

/**
 * CoachChat is the coaching chat: the conversation under the header's platform filter (opened at the newest
 * message, the question box in view), the input and the credits; with no platform connected it says to connect
 * one first.
 */
export function CoachChat() {
  const [platform] = usePlatformFilter()
  const list = useChats(platform)
  // The badge always counts from the unfiltered list, as the product's rule reads chats[0].data.
  const all = useChats('')
  const { data: subscription } = useSubscription()
  const ask = useAskCoach()
  const { mutate } = useSWRConfig()
  const state = subscriptionState(subscription)
  const running = state === 'subscribed' || state === 'cancelled'
  const credits = freeCredits(all.data)
  const canAsk = running || credits > 0
  const entries = (list.data || []).flatMap((c) => c.data || [])
  const { data: connected } = useConnectedPlatforms()
  const noPlatform = connected?.length === 0
  const askBox = useRef(/** @type {HTMLElement | null} */ (null))
  // Open at the newest message with the question box in view, and keep it there as entries arrive and answers come.
  const shown = entries.length ? `${entries.length}:${entries[entries.length - 1].status}` : ''
  useEffect(() => {
    if (shown) askBox.current?.scrollIntoView?.({ block: 'end', behavior: 'instant' })
  }, [shown])

  /** @param {string} question */
  const send = async (question) => {
    try {
      const entry = await ask({ question, platform })
      // Show the pending entry at once, even if the coach answers before the list is read again.
      if (entry) mutate(chatsKey(platform), (chats) => withEntry(chats, entry), { revalidate: false })
      return true
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not send your question. Please try again.')
      if (err instanceof ApiError && err.status === 402) mutate(isChatsKey)
      return false
    }
  }

  if (list.error) return <LoadError error={list.error} onRetry={() => mutate(chatsKey(platform))} />
  if (!list.data || !all.data) return <Loading label="Loading your chat…" />
  return (
    <div className="d-flex flex-column gap-3 cc-coach">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p className="text-secondary mb-0">Ask about your growth, views, engagement or audience. Every figure comes from your own data.</p>
        {!running && (
          <span className={`badge rounded-pill ${credits > 0 ? 'text-bg-light border' : 'text-bg-danger'} cc-credits`} aria-live="polite">
            {creditsLabel(credits)}
          </span>
        )}
      </div>
      {entries.length === 0 && noPlatform ? (
        <section className="card border-0 shadow-sm" aria-labelledby="cc-connect-first">
          <div className="card-body">
            <h2 id="cc-connect-first" className="h6 fw-semibold">
              Connect a platform first
            </h2>
            <p className="mb-2">Your coach answers from your own analytics: connect Instagram, YouTube, TikTok or LinkedIn on your dashboard, then ask.</p>
            <Link to="/dashboard" className="btn btn-primary btn-sm">
              Go to your dashboard
            </Link>
          </div>
        </section>
      ) : entries.length === 0 ? (
        <section className="card border-0 shadow-sm">
          <div className="card-body">
            <h2 className="h6 fw-semibold">Try one of these</h2>
            <QuestionChips label="Suggested questions" questions={QUESTIONS} disabled={!canAsk} onAsk={send} />
          </div>
        </section>
      ) : (
        <ol className="list-unstyled d-flex flex-column gap-4 mb-0" aria-label="Conversation">
          {entries.map((e, i) => (
            <ChatEntry key={e._id} entry={e} onAsk={send} canAsk={canAsk} latest={i === entries.length - 1} />
          ))}
        </ol>
      )}
      <section className="card border-0 shadow-sm" ref={askBox}>
        <div className="card-body">
          {canAsk ? (
            <AskForm onAsk={send} />
          ) : (
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-3" role="region" aria-label="Subscribe">
              <p className="mb-0">You have used your 5 free questions. Subscribe to keep asking.</p>
              <Link to="/account-settings#subscription" className="btn btn-primary">
                Subscribe
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  )
}
