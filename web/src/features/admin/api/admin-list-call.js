import { request } from '../../../lib/request'
import { listKey, readListPage } from '../../../lib/list-page'

export const ADMIN_PAGE_SIZE = 10

/**
 * adminListCall makes the key builder and the fetcher of one admin list call (GET `path`?page=&limit=&search=,
 * answering {data: {[plural]: [...], total, page, limit}}).
 */
export function adminListCall(path, plural) {
  return {
    key: ({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) => listKey(path, { page, limit, search }),
    get: async (key) => readListPage(await request(key), plural, ADMIN_PAGE_SIZE),
  }
}
