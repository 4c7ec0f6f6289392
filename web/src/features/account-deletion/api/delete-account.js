import { request } from '../../../lib/request'

/**
 * deleteAccount calls DELETE /api/users/delete-account {email, otp, reason}.
 * @param {import('../../../lib/api-types').Body<'/api/users/delete-account', 'delete'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/delete-account', 'delete'>>}
 */
export function deleteAccount(body) {
  return request('users/delete-account', {
    method: 'DELETE',
    body,
    auth: false,
    fallback: 'Failed to delete account. Please try again.',
  })
}
