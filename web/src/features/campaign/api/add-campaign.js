import { api } from '../../../lib/api-client'

/** addCampaign calls POST /api/campaigns/add-campaign; resolves to {campaign, message}. */
export async function addCampaign(body) {
  const json = await api('campaigns/add-campaign', { method: 'POST', body })
  return json?.data ?? {}
}
