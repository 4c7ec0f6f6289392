import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

// cache tag "Social Accounts": every mutation here revalidates the 'accounts' keys.
export const ACCOUNTS_KEY = 'accounts'
export const PLATFORMS_KEY = 'accounts/platform'
/** @typedef {import('../../../lib/api-types').Data<'/api/accounts', 'get'>} AccountsData */
/** @typedef {AccountsData['accounts'][number]} Account */
/** @typedef {NonNullable<AccountsData['disconnected']>[number]} GoneAccount */
/** @typedef {AccountsData['accounts'] & {disconnected: GoneAccount[]}} Accounts */
/** @typedef {import('../../../lib/api-types').Data<'/api/accounts/platform', 'get'>['platforms'][number]} Platform */

/** @param {unknown} key */
const isAccountsKey = (key) => typeof key === 'string' && key.startsWith('accounts')

/**
 * getAccounts loads GET /api/accounts and returns data.accounts, carrying the accounts disconnected since
 * (data.disconnected: platform, handle, disconnectedAt) as its `disconnected` property: the key is shared with the
 * coach, which reads the list as an array.
 * @param {string} [key]
 * @returns {Promise<Accounts>}
 */
export async function getAccounts(key = ACCOUNTS_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts', 'get'>} */
  const json = await request(key)
  return Object.assign(json?.data?.accounts ?? [], { disconnected: json?.data?.disconnected ?? [] })
}

/**
 * @param {Accounts | undefined} a
 * @param {Accounts | undefined} b
 */
const sameAccounts = (a, b) => JSON.stringify([a, a?.disconnected]) === JSON.stringify([b, b?.disconnected])

/** useAccounts polls every 2 s while an account is syncing. */
export function useAccounts() {
  return useSWR(ACCOUNTS_KEY, getAccounts, {
    refreshInterval: (/** @type {Accounts | undefined} */ accounts) => (accounts?.some((a) => a.status === 'syncing') ? 2000 : 0),
    compare: sameAccounts,
  })
}

/**
 * getPlatforms loads GET /api/accounts/platform and returns data.platforms.
 * @param {string} [key]
 */
export async function getPlatforms(key = PLATFORMS_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts/platform', 'get'>} */
  const json = await request(key)
  return json?.data?.platforms ?? []
}

export function usePlatforms() {
  return useSWR(PLATFORMS_KEY, getPlatforms, { revalidateOnFocus: false })
}

/**
 * connectAccount asks POST /api/accounts for the platform's consent page and goes there.
 * @param {string} platformId
 */
export async function connectAccount(platformId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts', 'post'>} */
  const json = await request('accounts', { method: 'POST', body: { id: platformId } })
  const url = json?.data?.url
  if (url) window.location.assign(url)
  return url
}

/**
 * finishConnect completes a link with what the platform's callback handed the
 * dashboard: POST /api/accounts/token {platform, code, state} as the signed-in
 * creator (the state must be theirs); it returns the first sync's job.
 * @param {import('../../../lib/api-types').Body<'/api/accounts/token', 'post'>} callback
 */
export async function finishConnect({ platform, code, state }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts/token', 'post'>} */
  const json = await request('accounts/token', { method: 'POST', body: { platform, code, state } })
  return json?.data?.job
}

export function useFinishConnect() {
  return useMutation(finishConnect, isAccountsKey)
}

/**
 * syncAccount starts POST /api/accounts/{id}/sync and returns the job.
 * @param {string} id
 */
export async function syncAccount(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/accounts/{id}/sync', 'post'>} */
  const json = await request(`accounts/${id}/sync`, { method: 'POST' })
  return json?.data?.job
}

/**
 * disconnectAccount calls DELETE /api/accounts/{id}.
 * @param {string} id
 * @returns {Promise<import('../../../lib/api-types').Answer<'/api/accounts/{id}', 'delete'>>}
 */
export async function disconnectAccount(id) {
  return request(`accounts/${id}`, { method: 'DELETE' })
}

export function useSyncAccount() {
  return useMutation(syncAccount, isAccountsKey)
}

export function useDisconnectAccount() {
  return useMutation(disconnectAccount, isAccountsKey)
}
