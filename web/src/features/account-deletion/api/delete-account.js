import { request } from '../../../lib/request'

/** deleteAccount calls DELETE /api/users/delete-account {email, otp, reason}. */
export function deleteAccount(body) {
  return request('users/delete-account', {
    method: 'DELETE',
    body,
    auth: false,
    fallback: 'Failed to delete account. Please try again.',
  })
}
