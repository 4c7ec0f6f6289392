import useSWR from 'swr'
import { request } from '../../../lib/request'

/**
 * checkInvitation calls POST /api/users/invitation {token}: {email, role, brandName, name}.
 * @param {[string, string]} key the SWR key: [path, token]
 */
export async function checkInvitation([, token]) {
  /** @type {import('../../../lib/api-types').Answer<'/api/users/invitation', 'post'>} */
  const json = await request('users/invitation', { method: 'POST', body: { token }, auth: false })
  return json?.data?.invitation ?? null
}

/** @param {string | null | undefined} token */
export function useInvitation(token) {
  return useSWR(token ? ['users/invitation', token] : null, checkInvitation, { revalidateOnFocus: false, shouldRetryOnError: false })
}
