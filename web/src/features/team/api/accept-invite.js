import { request } from '../../../lib/request'

/**
 * acceptInvite calls POST /api/users/accept-invite {token, name, password}; answers as login.
 * @param {import('../../../lib/api-types').Body<'/api/users/accept-invite', 'post'>} body
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/users/accept-invite', 'post'>>}
 */
export function acceptInvite(body) {
  return request('users/accept-invite', { method: 'POST', body, auth: false })
}
