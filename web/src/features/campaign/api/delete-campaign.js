import { api } from '../../../lib/api-client'

/** deleteCampaign calls DELETE /api/campaigns/{id} (a soft delete); resolves to {message}. */
export async function deleteCampaign(id) {
  const json = await api(`campaigns/${encodeURIComponent(id)}`, { method: 'DELETE' })
  return json?.data ?? {}
}
