import { request } from '../../../lib/request'

/**
 * deleteMyAccount calls DELETE /api/users {reason}: the signed-in user deletes their own account.
 * @param {import('../../../lib/api-types').Body<'/api/users', 'delete'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users', 'delete'>>}
 */
export function deleteMyAccount(body) {
  return request('users', { method: 'DELETE', body, fallback: 'Failed to delete account. Please try again.' })
}
