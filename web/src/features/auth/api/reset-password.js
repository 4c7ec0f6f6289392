import { request } from '../../../lib/request'

/** resetPassword calls POST /api/users/reset-password. */
export function resetPassword(body) {
  return request('users/reset-password', { method: 'POST', body, auth: false, fallback: 'Failed to set new password' })
}
