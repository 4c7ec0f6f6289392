import useSWR from 'swr'
import { request } from '../../../lib/request'

export const PAYMENTS_CONFIG_KEY = 'payments/config'

/** getPaymentsConfig loads GET /api/payments/config: {publishableKey, sandbox}. */
export async function getPaymentsConfig(key = PAYMENTS_CONFIG_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/payments/config', 'get'>} */
  const json = await request(key)
  return { publishableKey: json?.data?.publishableKey ?? '', sandbox: json?.data?.sandbox !== false }
}

/**
 * usesStripeElements tells whether cards are taken with Stripe Elements: the
 * server is not in its sandbox and hands a real publishable key (pk_live_… or
 * pk_test_…, not the sandbox default). Otherwise the test-card picker is used.
 * @param {{publishableKey?: string, sandbox?: boolean} | null | undefined} config
 */
export function usesStripeElements(config) {
  const key = config?.publishableKey || ''
  return config?.sandbox === false && /^pk_(live|test)_\w+$/.test(key) && key !== 'pk_test_sandbox'
}

export function usePaymentsConfig() {
  return useSWR(PAYMENTS_CONFIG_KEY, getPaymentsConfig, { revalidateOnFocus: false })
}
