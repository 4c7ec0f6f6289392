import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** verifyEmail calls POST /api/users/verify-email. */
export function verifyEmail(body) {
  return api('users/verify-email', { method: 'POST', body, auth: false, fallback: 'Failed to verify email. Please try again.' })
}

export function useVerifyEmail() {
  return useSWRMutation('users/verify-email', (_key, { arg }) => verifyEmail(arg))
}
