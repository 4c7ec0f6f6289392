import useSWR from 'swr'
import { request } from '../../../lib/request'

// The campaigns a creator may join: the brand's draft and active ones (among its 100 most recent).
const CHOICES_KEY = 'campaigns/all-campaigns?page=1&limit=100'
const OPEN_STATUSES = ['draft', 'active']

/** getCampaignChoices loads GET /api/campaigns/all-campaigns and keeps the draft and active campaigns. */
export async function getCampaignChoices(key) {
  const json = await request(key)
  const campaigns = Array.isArray(json?.data?.campaigns) ? json.data.campaigns : []
  return campaigns.filter((c) => OPEN_STATUSES.includes(c.status))
}

export function useCampaignChoices() {
  return useSWR(CHOICES_KEY, getCampaignChoices, { revalidateOnFocus: false })
}
