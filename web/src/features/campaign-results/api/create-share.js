import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { shareKey } from './results-keys'

/**
 * createShare calls POST /api/campaigns/{id}/share {showFees, expiresInDays}: a new read-only link that replaces
 * the live one. Returns {token, url, expiresAt, showFees}; the token is shown only here.
 * @param {string} campaignId
 * @param {{showFees: boolean, expiresInDays: number}} choice
 */
export async function createShare(campaignId, { showFees, expiresInDays }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/share', 'post'>} */
  const json = await request(shareKey(campaignId), { method: 'POST', body: { showFees, expiresInDays }, fallback: 'Could not create the link. Please try again.' })
  return json.data.share
}

/** useCreateShare returns createShare that then reloads the campaign's share state. */
/** @param {string} campaignId */
export function useCreateShare(campaignId) {
  return useMutation(createShare, shareKey(campaignId))
}
