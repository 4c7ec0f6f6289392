import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** verifyOtp calls POST /api/users/verify-otp. */
export function verifyOtp(body) {
  return api('users/verify-otp', { method: 'POST', body, auth: false, fallback: 'Failed to verify OTP. Please try again.' })
}

export function useVerifyOtp() {
  return useSWRMutation('users/verify-otp', (_key, { arg }) => verifyOtp(arg))
}
