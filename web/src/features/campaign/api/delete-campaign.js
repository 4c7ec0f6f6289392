import { request } from '../../../lib/request'

/** deleteCampaign calls DELETE /api/campaigns/{id} (a soft delete); resolves to {message}. */
export async function deleteCampaign(id) {
  const json = await request(`campaigns/${encodeURIComponent(id)}`, { method: 'DELETE' })
  return json?.data ?? {}
}
