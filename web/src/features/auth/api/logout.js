import { request } from '../../../lib/request'

/** logout calls POST /api/users/logout with the bearer token. */
export function logout() {
  return request('users/logout', { method: 'POST', fallback: 'Failed to logout' })
}
