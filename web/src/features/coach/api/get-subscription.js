import useSWR from 'swr'
import { request } from '../../../lib/request'

// SPEC cache tag "Subscriptions".
export const SUBSCRIPTION_KEY = 'subscriptions'

/** getSubscription loads GET /api/subscriptions and returns data.subscription ({active, endedAt}) or null. */
export async function getSubscription(key = SUBSCRIPTION_KEY) {
  const json = await request(key)
  return json?.data?.subscription ?? null
}

/** useSubscription reads the caller's subscription. */
export function useSubscription() {
  return useSWR(SUBSCRIPTION_KEY, getSubscription)
}
