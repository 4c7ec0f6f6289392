import useSWR from 'swr'
import { request } from '../../../lib/request'

// SPEC cache tag "Social Accounts".
export const ACCOUNTS_KEY = 'accounts'

const KNOWN = ['instagram', 'youtube', 'tiktok', 'linkedin']

/** getConnectedPlatforms loads GET /api/accounts and returns the connected platforms' ids, in the usual order. */
export async function getConnectedPlatforms(key = ACCOUNTS_KEY) {
  const json = await request(key)
  const accounts = json?.data?.accounts ?? []
  const connected = new Set(
    accounts
      .filter((a) => !a.status || a.status !== 'disconnected')
      .map((a) => String(a.platformName || a.platform || '').toLowerCase()),
  )
  return KNOWN.filter((p) => connected.has(p))
}

/** useConnectedPlatforms lists the caller's connected platforms (empty while unknown). */
export function useConnectedPlatforms() {
  return useSWR(ACCOUNTS_KEY, getConnectedPlatforms)
}
