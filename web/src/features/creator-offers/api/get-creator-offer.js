import useSWR from 'swr'
import { request } from '../../../lib/request'

/** creatorOfferKey is the SWR key of one of the creator's offers. */
export const creatorOfferKey = (/** @type {string} */ id) => `offers/${encodeURIComponent(id)}`

/** getCreatorOffer loads GET /api/offers/{id} and returns data.offer.
 * @param {string} key
 */
export async function getCreatorOffer(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.offer ?? null
}

/** useCreatorOffer loads one offer; id null = nothing to load.
 * @param {string | null | undefined} id
 */
export function useCreatorOffer(id) {
  return useSWR(id ? creatorOfferKey(id) : null, getCreatorOffer)
}
