import useSWR from 'swr'
import { request } from '../../../lib/request'

/** creatorOffersKey is the SWR key of a page of the creator's offers, optionally of one status. */
export const creatorOffersKey = ({ page = 1, limit = 10, status = '' } = {}) => {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (status) q.set('status', status)
  return `offers?${q}`
}

/** getCreatorOffers loads GET /api/offers?status&page&limit: {offers, total, page, limit}.
 * @param {string} key
 */
export async function getCreatorOffers(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers', 'get'>} */
  const json = await request(key)
  return json?.data ?? { offers: [], total: 0, page: 1, limit: 10 }
}

/** useCreatorOffers loads a page of the signed-in creator's offers, newest first.
 * @param {{page?: number, limit?: number, status?: string}} [params]
 */
export function useCreatorOffers(params) {
  return useSWR(creatorOffersKey(params), getCreatorOffers, { keepPreviousData: true })
}
