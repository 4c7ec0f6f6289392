import { request } from '../../../lib/request'

/** login calls POST /api/users/login. */
export function login(body) {
  return request('users/login', { method: 'POST', body, auth: false, fallback: 'Login failed, please try again.' })
}
