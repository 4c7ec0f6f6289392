import { request } from '../../../lib/request'

/**
 * logout calls POST /api/users/logout with the bearer token.
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/logout', 'post'>>}
 */
export function logout() {
  return request('users/logout', { method: 'POST', fallback: 'Failed to logout' })
}
