import useSWR from 'swr'
import { request } from './request'
import { useAuth } from './auth-store'

/** THREAD_UNREAD_KEY is the SWR key of the caller's unread messages; live events revalidate it. */
export const THREAD_UNREAD_KEY = 'threads/unread'

/**
 * getThreadUnread loads GET /api/threads/unread: {total, threads: [{offerId, campaignId, unread}]}.
 * @param {string} key
 */
export async function getThreadUnread(key) {
  /** @type {import('./api-types').Answer<'/api/threads/unread', 'get'>} */
  const json = await request(key)
  return json?.data ?? { total: 0, threads: [] }
}

/**
 * useThreadUnread loads the signed-in person's unread messages (nothing for an ADMIN, who has none). Live events
 * and the thread page's "read" revalidate it.
 */
export function useThreadUnread() {
  const { role } = useAuth()
  return useSWR(role && role !== 'ADMIN' ? THREAD_UNREAD_KEY : null, getThreadUnread, { revalidateOnFocus: true })
}
