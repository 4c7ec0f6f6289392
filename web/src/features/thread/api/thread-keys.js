// The SWR keys of a thread's pages start with 'threads/<offer id>?': a live event on that offer revalidates them.
export const THREAD_PAGE_SIZE = 20

/**
 * threadPageKey is the key of the page of offer `id`'s time line older than `before` (the newest page without).
 * @param {string} id
 * @param {string} [before]
 */
export function threadPageKey(id, before = '') {
  const q = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) })
  if (before) q.set('before', before)
  return `threads/${encodeURIComponent(id)}?${q}`
}

/** THREAD_EVENT is the window event that tells open thread pages to refresh (detail: the event, or null = all). */
export const THREAD_EVENT = 'cc-thread-event'
