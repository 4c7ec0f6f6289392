import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { rosterKey } from '../../../lib/campaign-roster'

/**
 * addToCampaign calls POST /api/campaigns/{id}/roster {creatorId} and resolves to the new roster entry.
 * @param {{campaignId: string, creatorId: string}} add
 */
export async function addToCampaign({ campaignId, creatorId }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/roster', 'post'>} */
  const json = await request(rosterKey(campaignId), { method: 'POST', body: { creatorId } })
  return json?.data?.entry ?? null
}

// Every campaign call's key starts with 'campaigns/' (the Campaigns cache tag).
const isCampaignKey = (/** @type {unknown} */ key) => typeof key === 'string' && key.startsWith('campaigns/')

/** useAddToCampaign adds a creator to a campaign's roster and refreshes the campaign calls (the roster, its totals). */
export function useAddToCampaign() {
  return useMutation(addToCampaign, isCampaignKey)
}
