import { useMemo } from 'react'
import useSWR from 'swr'
import { request } from '../../../lib/request'
import { PLATFORM_IDS } from '../../../config/platforms'
import { useAuth } from '../../../lib/auth-store'

// cache tag "Social Accounts". The key is shared with the social feature, so its cached value keeps the
// same shape everywhere: the list GET /api/accounts answers (data.accounts).
export const ACCOUNTS_KEY = 'accounts'

/** getAccounts loads GET /api/accounts and returns data.accounts. */
export async function getAccounts(key = ACCOUNTS_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts', 'get'>} */
  const json = await request(key)
  return json?.data?.accounts ?? []
}

/**
 * connectedPlatforms returns the connected platforms' ids of an accounts list, in the usual order.
 * @param {import('../../../lib/api-types').Data<'/api/accounts', 'get'>['accounts']} [accounts]
 */
export function connectedPlatforms(accounts = []) {
  // The accounts list holds live accounts only: disconnected ones are listed apart (data.disconnected).
  const connected = new Set(
    accounts.map((a) => String(a.platformName || a.platform || '').toLowerCase()),
  )
  return PLATFORM_IDS.filter((p) => connected.has(p))
}

/**
 * useConnectedPlatforms lists the caller's connected platforms (undefined while unknown). Only a creator (role
 * USER) has accounts: for any other role, or while the role is still loading, nothing is requested (a brand role
 * opening /coach would get a 403).
 */
export function useConnectedPlatforms() {
  const { role } = useAuth()
  const { data, ...rest } = useSWR(role === 'USER' ? ACCOUNTS_KEY : null, getAccounts)
  const platforms = useMemo(() => (data ? connectedPlatforms(data) : undefined), [data])
  return { ...rest, data: platforms }
}
