import { request } from '../../../lib/request'

/** verifyEmail calls POST /api/users/verify-email. */
export function verifyEmail(body) {
  return request('users/verify-email', { method: 'POST', body, auth: false, fallback: 'Failed to verify email. Please try again.' })
}
