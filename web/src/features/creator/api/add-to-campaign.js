import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

// The campaigns a creator may join: the brand's draft and active ones (one page of the most recent 100).
const CHOICES_KEY = 'campaigns/all-campaigns?page=1&limit=100'
const OPEN_STATUSES = ['draft', 'active']

/** getCampaignChoices loads the brand's campaigns and keeps the draft and active ones. */
export async function getCampaignChoices(key) {
  const json = await request(key)
  const campaigns = Array.isArray(json?.data?.campaigns) ? json.data.campaigns : []
  return campaigns.filter((c) => OPEN_STATUSES.includes(c.status))
}

export function useCampaignChoices() {
  return useSWR(CHOICES_KEY, getCampaignChoices, { revalidateOnFocus: false })
}

/** campaignRosterKey is the SWR key of a campaign's roster (GET /api/campaigns/{id}/roster). */
export const campaignRosterKey = (id) => `campaigns/${encodeURIComponent(id)}/roster`

async function getCampaignRoster(key) {
  const json = await request(key)
  return json?.data?.roster ?? null
}

/** useCampaignRoster loads the roster totals the budget bar reads; id null = nothing to load. */
export function useCampaignRoster(id) {
  return useSWR(id ? campaignRosterKey(id) : null, getCampaignRoster, { revalidateOnFocus: false })
}

/** addToCampaign calls POST /api/campaigns/{id}/roster {creatorId} and resolves to the new roster entry. */
export async function addToCampaign({ campaignId, creatorId }) {
  const json = await request(campaignRosterKey(campaignId), { method: 'POST', body: { creatorId } })
  return json?.data?.entry ?? null
}

// Every campaign call's key starts with 'campaigns/' (the Campaigns cache tag).
const isCampaignKey = (key) => typeof key === 'string' && key.startsWith('campaigns/')

/** useAddToCampaign adds a creator to a campaign's roster and refreshes the campaign calls. */
export function useAddToCampaign() {
  return useMutation(addToCampaign, isCampaignKey)
}
