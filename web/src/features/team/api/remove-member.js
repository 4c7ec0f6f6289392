import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { MEMBERS_KEY } from './get-members'

/**
 * removeMember calls DELETE /api/brands/members/{id}; the member's sessions end at once.
 * @param {string} id
 */
export async function removeMember(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/members/{id}', 'delete'>} */
  const json = await request(`brands/members/${encodeURIComponent(id)}`, { method: 'DELETE' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useRemoveMember() {
  return useMutation(removeMember, MEMBERS_KEY)
}
