import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { request } from '../../../lib/request'
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
 * campaign's roster, its agreement summaries and the offers' agreements (a send or a new amount makes a new version to
 * sign), and resolves only once those are loaded again. The callers open the offer's agreement right after a move
 * (onSent): opened earlier, it would show the agreement cached from before the move (after a counter, the counter's
 * version, signable by the brand) and then swap its sign form for the new version's while the brand fills it in.
 * @param {string} campaignId
 */
export function useUpdateBrandOffers(campaignId) {
  const { mutate } = useSWRConfig()
  const roster = rosterKey(campaignId)
  const agreements = `campaigns/${encodeURIComponent(campaignId)}/agreements`
  return useCallback(
    /** @type {typeof updateBrandOffers} */
    async (id, entries, confirmOverBudget) => {
      const result = await updateBrandOffers(id, entries, confirmOverBudget)
      // The move is made: a revalidation that fails leaves its error on the read it belongs to, not on the move.
      await mutate((/** @type {unknown} */ key) => key === roster || key === agreements || (typeof key === 'string' && key.startsWith('offers/'))).catch(() => {})
      return result
    },
    [mutate, roster, agreements],
  )
}
