import { request } from '../../../lib/request'

/** acceptInvite calls POST /api/users/accept-invite {token, name, password}; answers as login. */
export function acceptInvite(body) {
  return request('users/accept-invite', { method: 'POST', body, auth: false })
}
