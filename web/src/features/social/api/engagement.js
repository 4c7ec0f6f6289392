import useSWR from 'swr'
import { request } from '../../../lib/request'

/** @typedef {import('../../../lib/api-types').Data<'/api/accounts/engagement', 'get'>['engagement']} Engagement */

/**
 * engagementKey is the SWR key of GET /api/accounts/engagement for `days`.
 * @param {number} days
 */
export const engagementKey = (days) => `accounts/engagement?days=${days}`

/**
 * getEngagement returns data.engagement: {platform: [...], demographics}.
 * @param {string} key
 */
export async function getEngagement(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts/engagement', 'get'>} */
  const json = await request(key)
  return json?.data?.engagement ?? { window: null, platform: [], demographics: null }
}

/** @param {number} days */
export function useEngagement(days) {
  return useSWR(engagementKey(days), getEngagement)
}
