import { request } from '../../../lib/request'

/**
 * sendDeleteAccountOtp calls POST /api/users/delete-account-otp {email}.
 * @param {import('../../../lib/api-types').Body<'/api/users/delete-account-otp', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/delete-account-otp', 'post'>>}
 */
export function sendDeleteAccountOtp(body) {
  return request('users/delete-account-otp', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}
