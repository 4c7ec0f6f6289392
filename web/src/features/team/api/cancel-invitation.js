import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { MEMBERS_KEY } from './get-members'

/**
 * cancelInvitation calls DELETE /api/brands/invitations/{id}.
 * @param {string} id
 */
export async function cancelInvitation(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/invitations/{id}', 'delete'>} */
  const json = await request(`brands/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useCancelInvitation() {
  return useMutation(cancelInvitation, MEMBERS_KEY)
}
