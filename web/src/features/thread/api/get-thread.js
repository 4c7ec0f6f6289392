import useSWRInfinite from 'swr/infinite'
import { request } from '../../../lib/request'
import { threadPageKey } from './thread-keys'

/** @typedef {import('../../../lib/api-types').Schema<'Thread'>} Thread */
/** @typedef {import('../../../lib/api-types').Schema<'ThreadAttachment'>} ThreadAttachment */
/** @typedef {import('../../../lib/api-types').Schema<'ThreadItem'>} ThreadItem */
/**
 * DraftReview is a reviewed draft's `review`: who reviewed it (creator, brand, support or system), the comment ("" without
 * one) and when. The document leaves it an open object; these are the members the store writes.
 * @typedef {{side: string, comment: string, at: string}} DraftReview
 */
/**
 * PostDiff is a captured post's `differs`: its comparison with the approved draft (the store's PostDiff). The document
 * leaves it an open object; these are the members the store writes (a list may be null).
 * @typedef {{differs: boolean, similarity: number, removed: string[] | null, added: string[] | null,
 *   missing: string[] | null, draftId: number}} PostDiff
 */
/**
 * TimelineEntry is an item of the time line as the store writes it: a ThreadItem whose draft `media` are attachments
 * like a message's (key, name, type, size and a signed url), with `review` and `differs` as above.
 * @typedef {Omit<ThreadItem, 'media' | 'review' | 'differs'> & {media?: ThreadAttachment[], review?: DraftReview | null,
 *   differs?: PostDiff | null}} TimelineEntry
 */
/**
 * WithTimeline is the answer A of GET /api/threads/{id} with its items typed as TimelineEntry.
 * @template {{data: {items: unknown[]}}} A
 * @typedef {{data: Omit<A['data'], 'items'> & {items: TimelineEntry[]}}} WithTimeline
 */
/**
 * ThreadPage is a page of GET /api/threads/{id}: the thread's head, its items newest first and the next page's `before`.
 * @typedef {WithTimeline<import('../../../lib/api-types').Answer<'/api/threads/{id}', 'get'>>['data']} ThreadPage
 */

/**
 * getThreadPage loads GET /api/threads/{id}?before&limit: {thread, items (newest first), nextBefore}.
 * @param {string} key
 * @returns {Promise<ThreadPage>}
 */
export async function getThreadPage(key) {
  /** @type {WithTimeline<import('../../../lib/api-types').Answer<'/api/threads/{id}', 'get'>>} */
  const json = await request(key)
  return json.data
}

/**
 * useThread loads offer `id`'s thread newest first; setSize(size + 1) pages to older items by id. mutate()
 * refetches every loaded page (what a live event does).
 * @param {string | undefined} id
 */
export function useThread(id) {
  return useSWRInfinite(
    (/** @type {number} */ index, /** @type {ThreadPage | null} */ previous) => {
      if (!id) return null
      if (index === 0) return threadPageKey(id)
      if (!previous?.nextBefore) return null
      return threadPageKey(id, previous.nextBefore)
    },
    getThreadPage,
    { revalidateFirstPage: false, revalidateAll: true },
  )
}
