import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { shareKey } from './results-keys'

/**
 * revokeShare calls DELETE /api/campaigns/{id}/share: the live link stops working at once (204).
 * @param {string} campaignId
 */
export async function revokeShare(campaignId) {
  // A 204 has no body: the document's answer type is never, so the empty answer reads as null.
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/share', 'delete'> | null} */
  const json = await request(shareKey(campaignId), { method: 'DELETE', fallback: 'Could not revoke the link. Please try again.' })
  return json
}

/** useRevokeShare returns revokeShare that then reloads the campaign's share state. */
/** @param {string} campaignId */
export function useRevokeShare(campaignId) {
  return useMutation(revokeShare, shareKey(campaignId))
}
