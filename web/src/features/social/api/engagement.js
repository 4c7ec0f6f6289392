import useSWR from 'swr'
import { request } from '../../../lib/request'

/** engagementKey is the SWR key of GET /api/accounts/engagement for `days`. */
export const engagementKey = (days) => `accounts/engagement?days=${days}`

/** getEngagement returns data.engagement: {platform: [...], demographics}. */
export async function getEngagement(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts/engagement', 'get'>} */
  const json = await request(key)
  return json?.data?.engagement ?? { window: null, platform: [], demographics: null }
}

export function useEngagement(days) {
  return useSWR(engagementKey(days), getEngagement)
}
