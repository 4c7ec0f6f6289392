import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { useAuth } from '../../../lib/auth-store'
import { THREAD_UNREAD_KEY } from '../../../lib/thread-unread'
import { THREAD_EVENT } from '../api/thread-keys'
import { useLiveEvents } from '../hooks/use-live-events'

/**
 * tell refreshes the unread counts and tells open thread pages of `detail` (an event, or null: refresh all).
 * @param {import('swr').ScopedMutator} mutate
 * @param {import('../hooks/use-live-events').LiveEvent | null} detail
 */
function tell(mutate, detail) {
  mutate(THREAD_UNREAD_KEY)
  window.dispatchEvent(new CustomEvent(THREAD_EVENT, { detail }))
}

/**
 * LiveThreadEvents holds the tab's one events stream while someone is signed in (mounted once by the shell). Each
 * event refreshes the unread counts and the open thread of its offer; when the stream keeps failing, the same
 * refresh runs every 10 s.
 */
export function LiveThreadEvents() {
  const { role, isAuthenticated } = useAuth()
  const { mutate } = useSWRConfig()
  const onEvent = useCallback((/** @type {import('../hooks/use-live-events').LiveEvent} */ ev) => tell(mutate, ev), [mutate])
  const onPoll = useCallback(() => tell(mutate, null), [mutate])
  useLiveEvents({ enabled: Boolean(isAuthenticated && role), onEvent, onPoll })
  return null
}
