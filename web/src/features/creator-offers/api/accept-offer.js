import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCreatorOfferKey } from './creator-offer-keys'

/** acceptOffer calls POST /api/offers/{id}/accept and returns {offer, message}. */
export async function acceptOffer(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/accept', 'post'>} */
  const json = await request(`offers/${encodeURIComponent(id)}/accept`, { method: 'POST' })
  return json?.data
}

/** useAcceptOffer returns acceptOffer(id) that then revalidates the creator's offers. */
export function useAcceptOffer() {
  return useMutation(acceptOffer, isCreatorOfferKey)
}
