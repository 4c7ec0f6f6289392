import { request } from '../../../lib/request'

/**
 * login calls POST /api/users/login.
 * @param {import('../../../lib/api-types').Body<'/api/users/login', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/login', 'post'>>}
 */
export function login(body) {
  return request('users/login', { method: 'POST', body, auth: false, fallback: 'Login failed, please try again.' })
}
