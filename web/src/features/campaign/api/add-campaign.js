import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCampaignKey } from './campaign-keys'

/**
 * addCampaign calls POST /api/campaigns/add-campaign; resolves to {campaign, message}.
 * @param {import('../../../lib/api-types').Body<'/api/campaigns/add-campaign', 'post'>} body
 */
export async function addCampaign(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/add-campaign', 'post'>} */
  const json = await request('campaigns/add-campaign', { method: 'POST', body })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

/** useAddCampaign returns addCampaign that then revalidates every cached campaign call. */
export function useAddCampaign() {
  return useMutation(addCampaign, isCampaignKey)
}
