import { request } from '../../../lib/request'

/**
 * sendEmailVerificationOtp calls POST /api/users/send-email-verification-otp.
 * @param {import('../../../lib/api-types').Body<'/api/users/send-email-verification-otp', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/send-email-verification-otp', 'post'>>}
 */
export function sendEmailVerificationOtp(body) {
  return request('users/send-email-verification-otp', { method: 'POST', body, auth: false, fallback: 'Failed to resend OTP. Please try again.' })
}
