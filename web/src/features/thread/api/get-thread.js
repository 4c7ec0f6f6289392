import useSWRInfinite from 'swr/infinite'
import { request } from '../../../lib/request'
import { threadPageKey } from './thread-keys'

/** getThreadPage loads GET /api/threads/{id}?before&limit: {thread, items (newest first), nextBefore}. */
export async function getThreadPage(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}', 'get'>} */
  const json = await request(key)
  return json.data
}

/**
 * useThread loads offer `id`'s thread newest first; setSize(size + 1) pages to older items by id. mutate()
 * refetches every loaded page (what a live event does).
 */
export function useThread(id) {
  return useSWRInfinite(
    (index, previous) => {
      if (!id) return null
      if (index === 0) return threadPageKey(id)
      if (!previous?.nextBefore) return null
      return threadPageKey(id, previous.nextBefore)
    },
    getThreadPage,
    { revalidateFirstPage: false, revalidateAll: true },
  )
}
