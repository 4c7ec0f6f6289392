import useSWR from 'swr'
import { request } from '../../../lib/request'
import { shareKey } from './results-keys'

/**
 * getShare loads GET /api/campaigns/{id}/share: the live link's {expiresAt, showFees, createdAt}, or null.
 * @param {string} key
 */
export async function getShare(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/share', 'get'>} */
  const json = await request(key)
  return json.data.share
}

/**
 * useShare loads whether a campaign has a live share link; id null = nothing to load.
 * @param {string | null | undefined} id
 */
export function useShare(id) {
  return useSWR(id ? shareKey(id) : null, getShare, { revalidateOnFocus: false })
}
