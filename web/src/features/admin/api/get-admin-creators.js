import useSWR from 'swr'
import { adminListCall } from './admin-list-call'

const creators = adminListCall('admins/get-creators', 'creators')

/** adminCreatorsKey builds the GET /api/admins/get-creators path (page, limit, search). */
export const adminCreatorsKey = creators.key

/** getAdminCreators loads one page of all creators: {creators, total, page, limit}. */
export const getAdminCreators = creators.get

/** useAdminCreators reads one page of creators, keeping the last page on screen while the next loads. */
/** @param {{page?: number, limit?: number, search?: string}} [params] */
export function useAdminCreators(params) {
  return useSWR(adminCreatorsKey(params), getAdminCreators, { keepPreviousData: true })
}
