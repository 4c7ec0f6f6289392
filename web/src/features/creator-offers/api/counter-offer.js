import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isCreatorOfferKey } from './creator-offer-keys'

/** counterOffer calls POST /api/offers/{id}/counter {amount, message?} and returns {offer, message}.
 * @param {string} id
 * @param {{amount: string | number, message?: string}} answer
 */
export async function counterOffer(id, { amount, message }) {
  /** @type {import('../../../lib/api-types').Body<'/api/offers/{id}/counter', 'post'>} */
  const body = { amount: Number(amount) }
  if (message) body.message = message
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/counter', 'post'>} */
  const json = await request(`offers/${encodeURIComponent(id)}/counter`, { method: 'POST', body })
  return json?.data
}

/** useCounterOffer returns counterOffer(id, {amount, message}) that then revalidates the creator's offers. */
export function useCounterOffer() {
  return useMutation(counterOffer, isCreatorOfferKey)
}
