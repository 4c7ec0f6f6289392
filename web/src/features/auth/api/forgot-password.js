import { request } from '../../../lib/request'

/** forgotPassword calls POST /api/users/forgot-password. */
export function forgotPassword(body) {
  return request('users/forgot-password', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}
