import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** resetPassword calls POST /api/users/reset-password. */
export function resetPassword(body) {
  return api('users/reset-password', { method: 'POST', body, auth: false, fallback: 'Failed to set new password' })
}

export function useResetPassword() {
  return useSWRMutation('users/reset-password', (_key, { arg }) => resetPassword(arg))
}
