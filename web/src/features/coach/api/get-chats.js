import useSWR from 'swr'
import { request } from '../../../lib/request'

/** @typedef {import('../../../lib/api-types').Data<'/api/chats', 'get'>['chats']} Chats */
/** @typedef {Chats[number]} Chat */
/** @typedef {NonNullable<Chat['data']>[number]} ChatEntry */

// cache tag "Chats": every key starts with 'chats'; asking revalidates them all.
export const CHATS_KEY = 'chats'
/** @param {unknown} key */
export const isChatsKey = (key) => typeof key === 'string' && key.startsWith(CHATS_KEY)

/**
 * chatsKey is the GET /api/chats key of a platform filter ('' = all platforms).
 * @param {string} platform
 */
export function chatsKey(platform) {
  return platform ? `${CHATS_KEY}?platform=${encodeURIComponent(platform)}` : CHATS_KEY
}

/**
 * getChats loads GET /api/chats and returns data.chats.
 * @param {string} key
 */
export async function getChats(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/chats', 'get'>} */
  const json = await request(key)
  return json?.data?.chats ?? []
}

/**
 * hasPending reports whether an entry of the chats still waits for its answer.
 * @param {Chats | undefined} chats
 */
export function hasPending(chats) {
  return (chats || []).some((c) => (c.data || []).some((e) => e.status === 'pending'))
}

/** POLL_MS: how often the list is read again while an answer is pending (an answer takes about 0.2 s). */
export const POLL_MS = 400

/**
 * DEDUPE_MS: reads of the list within this time share one request. SWR's default (2 s) also held back the polls,
 * so an answer ready on the server appeared seconds later; the two lists of one page, mounted together, still
 * share their first read.
 */
export const DEDUPE_MS = 100

/**
 * chatsOptions are useChats' SWR options: poll every POLL_MS while an answer is pending. A new refreshInterval
 * function on each render makes SWR look again at whether to poll once an entry turns pending.
 */
export const chatsOptions = () => ({ refreshInterval: (/** @type {Chats | undefined} */ chats) => (hasPending(chats) ? POLL_MS : 0), dedupingInterval: DEDUPE_MS })

/**
 * useChats reads the chats under a platform filter, polling while an answer is pending.
 * @param {string} platform
 */
export function useChats(platform) {
  return useSWR(chatsKey(platform), getChats, chatsOptions())
}
