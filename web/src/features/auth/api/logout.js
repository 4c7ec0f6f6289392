import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** logout calls POST /api/users/logout with the bearer token. */
export function logout() {
  return api('users/logout', { method: 'POST', fallback: 'Failed to logout' })
}

export function useLogout() {
  return useSWRMutation('users/logout', () => logout())
}
