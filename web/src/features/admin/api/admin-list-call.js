import { request } from '../../../lib/request'
import { listKey, readListPage } from '../../../lib/list-page'

export const ADMIN_PAGE_SIZE = 10

/**
 * adminListCall makes the key builder and the fetcher of one admin list call (GET `path`?page=&limit=&search=,
 * answering {data: {[plural]: [...], total, page, limit}}). The page is typed from the OpenAPI document's
 * answer of GET /api/<path>, and `plural` must be one of its data members.
 * @template {'admins/get-brands' | 'admins/get-creators'} P
 * @template {keyof import('../../../lib/api-types').Data<`/api/${P}`, 'get'> & string} K
 * @param {P} path
 * @param {K} plural
 */
export function adminListCall(path, plural) {
  return {
    /** @param {{page?: number, limit?: number, search?: string}} [params] */
    key: ({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) => listKey(path, { page, limit, search }),
    /** @param {string} key */
    get: async (key) => {
      /** @type {{data: import('../../../lib/api-types').Data<`/api/${P}`, 'get'>}} */
      const json = await request(key)
      return readListPage(/** @type {{data: import('../../../lib/api-types').Data<`/api/${P}`, 'get'> & object}} */ (json), plural, ADMIN_PAGE_SIZE)
    },
  }
}
