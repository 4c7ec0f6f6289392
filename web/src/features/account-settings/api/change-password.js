import { request } from '../../../lib/request'

/**
 * changePassword calls PUT /api/users/change-password {currentPassword,
 * newPassword}. The server keeps this session and signs out every other one.
 * @param {import('../../../lib/api-types').Body<'/api/users/change-password', 'put'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/change-password', 'put'>>}
 */
export function changePassword(body) {
  return request('users/change-password', { method: 'PUT', body, fallback: 'Failed to change password. Please try again.' })
}
