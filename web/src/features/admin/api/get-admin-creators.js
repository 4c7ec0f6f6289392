import useSWR from 'swr'
import { request } from '../../../lib/request'
import { listKey, readListPage } from '../../../lib/list-page'

export const ADMIN_PAGE_SIZE = 10

/** adminCreatorsKey builds the GET /api/admins/get-creators path (page, limit, search). */
export function adminCreatorsKey({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) {
  return listKey('admins/get-creators', { page, limit, search })
}

/** getAdminCreators loads one page of all creators: {creators, total, page, limit}. */
export async function getAdminCreators(key) {
  return readListPage(await request(key), 'creators', ADMIN_PAGE_SIZE)
}

export function useAdminCreators(params) {
  return useSWR(adminCreatorsKey(params), getAdminCreators, { keepPreviousData: true })
}
