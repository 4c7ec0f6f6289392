import { request } from '../../../lib/request'

/** sendDeleteAccountOtp calls POST /api/users/delete-account-otp {email}. */
export function sendDeleteAccountOtp(body) {
  return request('users/delete-account-otp', { method: 'POST', body, auth: false, fallback: 'Failed to send OTP. Please try again.' })
}
