import { request } from '../../../lib/request'

/** register calls POST /api/users/register. */
export function register(body) {
  return request('users/register', { method: 'POST', body, auth: false, fallback: 'Registration failed. Please try again.' })
}
