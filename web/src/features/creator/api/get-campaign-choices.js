import useSWR from 'swr'
import { request } from '../../../lib/request'

// The campaigns a creator may join: the brand's draft and active ones, the 100 most recent of each
// (GET /api/campaigns/all-campaigns?status=), most recent first. The SWR key is under the Campaigns tag.
const CHOICES_KEY = 'campaigns/all-campaigns?choices=draft,active'
const OPEN_STATUSES = ['draft', 'active']

/** getCampaignChoices loads the brand's draft and active campaigns. */
export async function getCampaignChoices() {
  const pages = await Promise.all(
    OPEN_STATUSES.map(async (status) => {
      /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/all-campaigns', 'get'>} */
      const json = await request(`campaigns/all-campaigns?page=1&limit=100&status=${status}`)
      return json
    }),
  )
  const campaigns = pages.flatMap((json) => (Array.isArray(json?.data?.campaigns) ? json.data.campaigns : []))
  return campaigns.sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')))
}

export function useCampaignChoices() {
  return useSWR(CHOICES_KEY, getCampaignChoices, { revalidateOnFocus: false })
}
