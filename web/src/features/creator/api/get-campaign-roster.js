import useSWR from 'swr'
import { request } from '../../../lib/request'

/** campaignRosterKey is the path of a campaign's roster (GET and POST /api/campaigns/{id}/roster). */
export const campaignRosterKey = (id) => `campaigns/${encodeURIComponent(id)}/roster`

/** getCampaignRoster loads GET /api/campaigns/{id}/roster: its budget, totals and entries. */
export async function getCampaignRoster(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/roster', 'get'>} */
  const json = await request(key)
  return json?.data?.roster ?? null
}

/** useCampaignRoster loads the roster the budget bar reads; id null = nothing to load. */
export function useCampaignRoster(id) {
  return useSWR(id ? campaignRosterKey(id) : null, getCampaignRoster, { revalidateOnFocus: false })
}
