import { request } from '../../../lib/request'

/**
 * register calls POST /api/users/register.
 * @param {import('../../../lib/api-types').Body<'/api/users/register', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/register', 'post'>>}
 */
export function register(body) {
  return request('users/register', { method: 'POST', body, auth: false, fallback: 'Registration failed. Please try again.' })
}
