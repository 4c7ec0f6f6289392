import { request } from '../../../lib/request'

/**
 * resetPassword calls POST /api/users/reset-password.
 * @param {import('../../../lib/api-types').Body<'/api/users/reset-password', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/reset-password', 'post'>>}
 */
export function resetPassword(body) {
  return request('users/reset-password', { method: 'POST', body, auth: false, fallback: 'Failed to set new password' })
}
