import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** register calls POST /api/users/register. */
export function register(body) {
  return api('users/register', { method: 'POST', body, auth: false, fallback: 'Registration failed. Please try again.' })
}

export function useRegister() {
  return useSWRMutation('users/register', (_key, { arg }) => register(arg))
}
