import useSWR from 'swr'
import { request } from '../../../lib/request'

/** getMe loads GET /api/users/me and returns data.user. */
export async function getMe() {
  /** @type {import('../../../lib/api-types').Answer<'/api/users/me', 'get'>} */
  const json = await request('users/me')
  return json?.data?.user ?? null
}

/**
 * useMe runs the startup profile query for the session of `accessToken` (none without a token).
 * @param {string | null | undefined} accessToken
 */
export function useMe(accessToken) {
  return useSWR(accessToken ? ['users/me', accessToken] : null, getMe, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  })
}
