import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** forgotPassword calls POST /api/users/forgot-password. */
export function forgotPassword(body) {
  return api('users/forgot-password', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}

export function useForgotPassword() {
  return useSWRMutation('users/forgot-password', (_key, { arg }) => forgotPassword(arg))
}
