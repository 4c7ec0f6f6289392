import { request } from '../../../lib/request'

/** updateCampaign calls PATCH /api/campaigns/update-campaign/{id}; only the fields sent change. */
export async function updateCampaign(id, body) {
  const json = await request(`campaigns/update-campaign/${encodeURIComponent(id)}`, { method: 'PATCH', body })
  return json?.data ?? {}
}
