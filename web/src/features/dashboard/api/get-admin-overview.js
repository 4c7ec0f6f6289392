import useSWR from 'swr'
import { request } from '../../../lib/request'

/**
 * getAdminOverview loads GET /api/admins/overview and returns data.overview.
 * @param {string} key
 */
export async function getAdminOverview(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/overview', 'get'>} */
  const json = await request(key)
  return json?.data?.overview ?? null
}

export function useAdminOverview() {
  return useSWR('admins/overview', getAdminOverview)
}
