import useSWR from 'swr'
import { request } from '../../../lib/request'

/**
 * getAdminRoster loads GET /api/admins/get-roster/{id} and returns data.roster.
 * @param {string} key
 */
export async function getAdminRoster(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/get-roster/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.roster ?? null
}

/** @param {string | null | undefined} id */
export function useAdminRoster(id) {
  return useSWR(id ? `admins/get-roster/${encodeURIComponent(id)}` : null, getAdminRoster, { revalidateOnFocus: false })
}
