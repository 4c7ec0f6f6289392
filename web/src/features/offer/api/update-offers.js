import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isOfferKey } from './offer-keys'

/**
 * updateOffers calls PATCH /api/admins/campaign/update-offer
 * {campaignId, entries: [{entryId, status?, amount?, note?}]}: all or nothing.
 * @param {import('../../../lib/api-types').Body<'/api/admins/campaign/update-offer', 'patch'>} body
 */
export async function updateOffers(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/campaign/update-offer', 'patch'>} */
  const json = await request('admins/campaign/update-offer', { method: 'PATCH', body })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

/** useUpdateOffers returns updateOffers(body) that then revalidates the campaign filter and rosters. */
export function useUpdateOffers() {
  return useMutation(updateOffers, isOfferKey)
}
