import { request } from '../../../lib/request'

/** verifyOtp calls POST /api/users/verify-otp. */
export function verifyOtp(body) {
  return request('users/verify-otp', { method: 'POST', body, auth: false, fallback: 'Failed to verify OTP. Please try again.' })
}
