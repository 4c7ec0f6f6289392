import { request } from '../../../lib/request'

/** sendEmailVerificationOtp calls POST /api/users/send-email-verification-otp. */
export function sendEmailVerificationOtp(body) {
  return request('users/send-email-verification-otp', { method: 'POST', body, auth: false, fallback: 'Failed to resend OTP. Please try again.' })
}
