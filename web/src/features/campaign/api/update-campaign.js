import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCampaignKey } from './campaign-keys'

/**
 * updateCampaign calls PATCH /api/campaigns/update-campaign/{id}; only the fields sent change.
 * @param {string} id
 * @param {import('../../../lib/api-types').Body<'/api/campaigns/update-campaign/{id}', 'patch'>} body
 */
export async function updateCampaign(id, body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/update-campaign/{id}', 'patch'>} */
  const json = await request(`campaigns/update-campaign/${encodeURIComponent(id)}`, { method: 'PATCH', body })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

/** useUpdateCampaign returns updateCampaign(id, body) that then revalidates every cached campaign call. */
export function useUpdateCampaign() {
  return useMutation(updateCampaign, isCampaignKey)
}
