import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCampaignKey } from './campaign-keys'

/** addCampaign calls POST /api/campaigns/add-campaign; resolves to {campaign, message}. */
export async function addCampaign(body) {
  const json = await request('campaigns/add-campaign', { method: 'POST', body })
  return json?.data ?? {}
}

/** useAddCampaign returns addCampaign that then revalidates every cached campaign call. */
export function useAddCampaign() {
  return useMutation(addCampaign, isCampaignKey)
}
