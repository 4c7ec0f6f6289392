import { useCallback } from 'react'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { rosterKey } from '../../../lib/campaign-roster'

/**
 * updateBrandOffers calls PATCH /api/campaigns/{id}/offers {entries: [{entryId, status, amount?, note?}]}:
 * the brand's moves (send, accept a counter, send a new amount, withdraw), all or nothing. confirmOverBudget
 * confirms moves that leave the campaign over its budget (the API refuses them with a 409 otherwise).
 * @param {string} campaignId
 * @param {import('../../../lib/api-types').Schema<'OfferChange'>[]} entries
 * @param {boolean} [confirmOverBudget]
 */
export async function updateBrandOffers(campaignId, entries, confirmOverBudget = false) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/offers', 'patch'>} */
  const json = await request(`campaigns/${encodeURIComponent(campaignId)}/offers`, { method: 'PATCH', body: confirmOverBudget ? { entries, confirmOverBudget: true } : { entries } })
  return json?.data ?? {}
}

/**
 * useUpdateBrandOffers returns updateBrandOffers(campaignId, entries, confirmOverBudget?) that then revalidates that
 * campaign's roster, its agreement summaries and the offers' agreements (a send or a new amount makes a new version to sign).
 * @param {string} campaignId
 */
export function useUpdateBrandOffers(campaignId) {
  const roster = rosterKey(campaignId)
  const agreements = `campaigns/${encodeURIComponent(campaignId)}/agreements`
  const affects = useCallback((/** @type {unknown} */ key) => key === roster || key === agreements || (typeof key === 'string' && key.startsWith('offers/')), [roster, agreements])
  return useMutation(updateBrandOffers, affects)
}
