import { request } from '../../../lib/request'

/**
 * verifyOtp calls POST /api/users/verify-otp.
 * @param {import('../../../lib/api-types').Body<'/api/users/verify-otp', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/verify-otp', 'post'>>}
 */
export function verifyOtp(body) {
  return request('users/verify-otp', { method: 'POST', body, auth: false, fallback: 'Failed to verify OTP. Please try again.' })
}
