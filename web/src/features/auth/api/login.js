import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** login calls POST /api/users/login. */
export function login(body) {
  return api('users/login', { method: 'POST', body, auth: false, fallback: 'Login failed, please try again.' })
}

export function useLogin() {
  return useSWRMutation('users/login', (_key, { arg }) => login(arg))
}
