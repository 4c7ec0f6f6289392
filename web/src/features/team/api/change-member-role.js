import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { MEMBERS_KEY } from './get-members'

/**
 * changeMemberRole calls PATCH /api/brands/members/{id} {role}.
 * @param {string} id
 * @param {import('../../../lib/api-types').Body<'/api/brands/members/{id}', 'patch'>['role']} role
 */
export async function changeMemberRole(id, role) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/members/{id}', 'patch'>} */
  const json = await request(`brands/members/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useChangeMemberRole() {
  return useMutation(changeMemberRole, MEMBERS_KEY)
}
