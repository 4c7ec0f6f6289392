import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCreatorOfferKey } from './creator-offer-keys'

/** declineOffer calls POST /api/offers/{id}/decline {reason} and returns {offer, message}.
 * @param {string} id
 * @param {string} reason
 */
export async function declineOffer(id, reason) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/decline', 'post'>} */
  const json = await request(`offers/${encodeURIComponent(id)}/decline`, { method: 'POST', body: { reason } })
  return json?.data
}

/** useDeclineOffer returns declineOffer(id, reason) that then revalidates the creator's offers. */
export function useDeclineOffer() {
  return useMutation(declineOffer, isCreatorOfferKey)
}
