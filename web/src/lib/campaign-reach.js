import useSWR from 'swr'
import { request } from './request'

/**
 * getReach loads GET /api/campaigns/{id}/reach: per roster entry, invited, opened, claimed and answered dates.
 * @param {string} campaignId
 */
export async function getReach(campaignId) {
  /** @type {import('./api-types').Answer<'/api/campaigns/{id}/reach', 'get'>} */
  const json = await request(`campaigns/${encodeURIComponent(campaignId)}/reach`)
  return json?.data?.reach ?? []
}

/**
 * useReach is the campaign's reach keyed by roster entry id ('' loads nothing).
 * @param {string} campaignId
 */
export function useReach(campaignId) {
  return useSWR(campaignId ? ['campaign-reach', campaignId] : null, async () => Object.fromEntries((await getReach(campaignId)).map((r) => [r.entryId, r])), {
    revalidateOnFocus: false,
  })
}
