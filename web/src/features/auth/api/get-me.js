import useSWR from 'swr'
import { api } from '../../../lib/api-client'

/** getMe loads GET /api/users/me and returns data.user. */
export async function getMe() {
  const json = await api('users/me')
  return json?.data?.user ?? null
}

/** useMe runs the startup profile query for the session of `accessToken` (none without a token). */
export function useMe(accessToken) {
  return useSWR(accessToken ? ['users/me', accessToken] : null, getMe, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  })
}
