import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { MEMBERS_KEY } from './get-members'

/**
 * inviteMember calls POST /api/brands/members {email, role}; the invitee gets a mail.
 * @param {import('../../../lib/api-types').Body<'/api/brands/members', 'post'>} body
 */
export async function inviteMember(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/members', 'post'>} */
  const json = await request('brands/members', { method: 'POST', body })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useInviteMember() {
  return useMutation(inviteMember, MEMBERS_KEY)
}
