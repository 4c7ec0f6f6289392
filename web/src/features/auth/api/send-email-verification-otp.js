import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** sendEmailVerificationOtp calls POST /api/users/send-email-verification-otp. */
export function sendEmailVerificationOtp(body) {
  return api('users/send-email-verification-otp', { method: 'POST', body, auth: false, fallback: 'Failed to resend OTP. Please try again.' })
}

export function useSendEmailVerificationOtp() {
  return useSWRMutation('users/send-email-verification-otp', (_key, { arg }) => sendEmailVerificationOtp(arg))
}
