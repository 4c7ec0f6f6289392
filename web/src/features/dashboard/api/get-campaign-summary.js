import useSWR from 'swr'
import { request } from '../../../lib/request'

// Part of the cache tag "Campaigns": campaign mutations revalidate every 'campaigns/' key.
export const SUMMARY_KEY = 'campaigns/summary'

/** getCampaignSummary loads GET /api/campaigns/summary and returns data.summary. */
export async function getCampaignSummary(key = SUMMARY_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/summary', 'get'>} */
  const json = await request(key)
  return json?.data?.summary ?? null
}

/**
 * useCampaignSummary runs only when `enabled` (brand roles).
 * @param {boolean} enabled
 */
export function useCampaignSummary(enabled) {
  return useSWR(enabled ? SUMMARY_KEY : null, getCampaignSummary)
}
