import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** sendDeleteAccountOtp calls POST /api/users/delete-account-otp {email}. */
export function sendDeleteAccountOtp(body) {
  return api('users/delete-account-otp', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}

export function useSendDeleteAccountOtp() {
  return useSWRMutation('users/delete-account-otp', (_key, { arg }) => sendDeleteAccountOtp(arg))
}
