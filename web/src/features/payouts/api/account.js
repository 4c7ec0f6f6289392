import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const PAYOUT_ACCOUNT_KEY = 'payouts/account'

/**
 * getPayoutAccount loads GET /api/payouts/account: the creator's payouts state (not_set_up, details_needed with
 * what the provider asks, verifying, ready, restricted). refresh reads the account from the provider first (the
 * page the onboarding returns to).
 * @param {boolean} [refresh]
 */
export async function getPayoutAccount(refresh = false) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/account', 'get'>} */
  const json = await request(refresh ? `${PAYOUT_ACCOUNT_KEY}?refresh=1` : PAYOUT_ACCOUNT_KEY)
  return json?.data?.account ?? null
}

/** usePayoutAccount reads the creator's payouts state; refresh asks the provider once (the return page). */
export function usePayoutAccount(refresh = false) {
  return useSWR([PAYOUT_ACCOUNT_KEY, refresh], () => getPayoutAccount(refresh), { revalidateOnFocus: false })
}

/**
 * useCreatorPayoutAccount reads GET /api/payouts/accounts/{userId}: a creator's payouts state, for an ADMIN (read only;
 * null userId reads nothing).
 * @param {string | null | undefined} userId
 */
export function useCreatorPayoutAccount(userId) {
  return useSWR(userId ? `payouts/accounts/${encodeURIComponent(userId)}` : null, async (/** @type {string} */ path) => {
    /** @type {import('../../../lib/api-types').Answer<'/api/payouts/accounts/{userId}', 'get'>} */
    const json = await request(path)
    return json?.data?.account ?? null
  })
}

const affectsAccount = (/** @type {unknown} */ key) => Array.isArray(key) && key[0] === PAYOUT_ACCOUNT_KEY

/**
 * setUpPayouts calls POST /api/payouts/account: makes the creator's payout account once and answers the
 * provider's onboarding link (url) to follow.
 */
export async function setUpPayouts() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/account', 'post'>} */
  const json = await request(PAYOUT_ACCOUNT_KEY, { method: 'POST', fallback: 'Could not set up payouts. Please try again.' })
  return json.data
}

export function useSetUpPayouts() {
  return useMutation(setUpPayouts, affectsAccount)
}

/** payoutLoginLink calls POST /api/payouts/account/login-link: a one-time link to the provider's dashboard. */
export async function payoutLoginLink() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/account/login-link', 'post'>} */
  const json = await request(`${PAYOUT_ACCOUNT_KEY}/login-link`, { method: 'POST', fallback: 'Could not open the payouts dashboard. Please try again.' })
  return json.data.url
}
