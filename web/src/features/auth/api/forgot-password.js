import { request } from '../../../lib/request'

/**
 * forgotPassword calls POST /api/users/forgot-password.
 * @param {import('../../../lib/api-types').Body<'/api/users/forgot-password', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/forgot-password', 'post'>>}
 */
export function forgotPassword(body) {
  return request('users/forgot-password', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}
