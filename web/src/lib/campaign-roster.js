import useSWR from 'swr'
import { request } from './request'

/**
 * rosterKey is the SWR key of a campaign's roster (under the Campaigns tag), and the path of
 * GET and POST /api/campaigns/{id}/roster; the roster and creator features both read it.
 */
export const rosterKey = (/** @type {string} */ id) => `campaigns/${encodeURIComponent(id)}/roster`

/**
 * getRoster loads GET /api/campaigns/{id}/roster and returns data.roster.
 * @param {string} key
 */
export async function getRoster(key) {
  /** @type {import('./api-types').Answer<'/api/campaigns/{id}/roster', 'get'>} */
  const json = await request(key)
  return json?.data?.roster ?? null
}

/**
 * useRoster loads a campaign's ranked roster; id null = nothing to load.
 * @param {string | null | undefined} id
 */
export function useRoster(id) {
  return useSWR(id ? rosterKey(id) : null, getRoster, { revalidateOnFocus: false })
}
