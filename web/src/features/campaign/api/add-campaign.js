import { request } from '../../../lib/request'

/** addCampaign calls POST /api/campaigns/add-campaign; resolves to {campaign, message}. */
export async function addCampaign(body) {
  const json = await request('campaigns/add-campaign', { method: 'POST', body })
  return json?.data ?? {}
}
