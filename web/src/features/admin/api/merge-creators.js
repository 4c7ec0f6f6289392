import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

/**
 * mergeCreators calls POST /api/admins/creators/{id}/merge {sourceId}: entry sourceId is merged into entry id (the
 * kept entry takes the other's account, e-mail, handles and figures where it has none, its roster entries and
 * invitations) and the other is deleted.
 * @param {string} id
 * @param {string} sourceId
 */
export async function mergeCreators(id, sourceId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/creators/{id}/merge', 'post'>} */
  const json = await request(`admins/creators/${encodeURIComponent(id)}/merge`, { method: 'POST', body: { sourceId } })
  return json?.data
}

/** @param {unknown} key */
const creatorLists = (key) => typeof key === 'string' && key.startsWith('admins/get-creators')

/** useMergeCreators merges two entries and reloads the admin's creator lists. */
export function useMergeCreators() {
  return useMutation(mergeCreators, creatorLists)
}
