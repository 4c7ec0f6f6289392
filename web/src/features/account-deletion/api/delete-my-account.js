import { request } from '../../../lib/request'

/** deleteMyAccount calls DELETE /api/users {reason}: the signed-in user deletes their own account. */
export function deleteMyAccount(body) {
  return request('users', { method: 'DELETE', body, fallback: 'Failed to delete account. Please try again.' })
}
