import useSWR from 'swr'
import { api } from '../../../lib/api-client'

/** getMe loads GET /api/users/me and returns data.user. */
export async function getMe() {
  const json = await api('users/me')
  return json?.data?.user ?? null
}

/** useMe runs the startup profile query while an access token exists. */
export function useMe(enabled) {
  return useSWR(enabled ? 'users/me' : null, getMe, { revalidateOnFocus: false, shouldRetryOnError: false })
}
