import { request } from '../../../lib/request'

/**
 * verifyEmail calls POST /api/users/verify-email.
 * @param {import('../../../lib/api-types').Body<'/api/users/verify-email', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/verify-email', 'post'>>}
 */
export function verifyEmail(body) {
  return request('users/verify-email', { method: 'POST', body, auth: false, fallback: 'Failed to verify email. Please try again.' })
}
