import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCampaignKey } from './campaign-keys'

/** deleteCampaign calls DELETE /api/campaigns/{id} (a soft delete); resolves to {message}. */
/** @param {string} id */
export async function deleteCampaign(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}', 'delete'>} */
  const json = await request(`campaigns/${encodeURIComponent(id)}`, { method: 'DELETE' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

/** useDeleteCampaign returns deleteCampaign(id) that then revalidates every cached campaign call. */
export function useDeleteCampaign() {
  return useMutation(deleteCampaign, isCampaignKey)
}
