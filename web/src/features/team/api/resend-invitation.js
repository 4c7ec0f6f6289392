import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { MEMBERS_KEY } from './get-members'

/**
 * resendInvitation calls POST /api/brands/invitations/{id}/resend: a new link, valid 7 days.
 * @param {string} id
 */
export async function resendInvitation(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/invitations/{id}/resend', 'post'>} */
  const json = await request(`brands/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useResendInvitation() {
  return useMutation(resendInvitation, MEMBERS_KEY)
}
