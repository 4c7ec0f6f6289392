import useSWR from 'swr'
import { request } from './request'

// The creator's subscription is read by two features (billing, coach): one SWR
// key (cache tag "Subscriptions") and one shape, so a mutation in one
// shows in the other.

/** SUBSCRIPTION_KEY is the SWR key of GET /api/subscriptions. */
export const SUBSCRIPTION_KEY = 'subscriptions'

/** getSubscription loads GET /api/subscriptions and returns data.subscription ({active, endedAt, plan, …}) or null. */
export async function getSubscription(key = SUBSCRIPTION_KEY) {
  /** @type {import('./api-types').Answer<'/api/subscriptions', 'get'>} */
  const json = await request(key)
  return json?.data?.subscription ?? null
}

/** useSubscription reads the caller's subscription; pass enabled=false to skip the call. */
export function useSubscription(enabled = true) {
  return useSWR(enabled ? SUBSCRIPTION_KEY : null, getSubscription)
}

/**
 * subscriptionState reads the product's flags from {active, endedAt} at `now`: 'none'
 * (no subscription), 'subscribed' (active, now at or before endedAt),
 * 'cancelled' (inactive, now at or before endedAt: cancelled but still
 * running) or 'expired' (past endedAt).
 * @param {import('./api-types').Schema<'BillingSubscription'> | null | undefined} sub
 * @param {Date} [now]
 */
export function subscriptionState(sub, now = new Date()) {
  if (!sub) return 'none'
  const running = sub.endedAt && now <= new Date(sub.endedAt)
  if (!running) return 'expired'
  return sub.active ? 'subscribed' : 'cancelled'
}
