import { request } from '../../../lib/request'
import { SUBSCRIPTION_KEY } from '../../../lib/subscription'
import { useMutation } from '../../../lib/use-mutation'

/**
 * subscribe calls POST /api/subscriptions {planId, promoCode?}, charged to the
 * primary card; resolves to {subscription, message}. Declines (402), provider
 * outages (503) and refusals (502) reject with the server's message.
 * @param {{planId: string, promoCode?: string}} choice
 */
export async function subscribe({ planId, promoCode }) {
  const body = promoCode ? { planId, promoCode } : { planId }
  /** @type {import('../../../lib/api-types').Answer<'/api/subscriptions', 'post'>} */
  const json = await request(SUBSCRIPTION_KEY, { method: 'POST', body, fallback: 'Could not subscribe. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useSubscribe() {
  return useMutation(subscribe, SUBSCRIPTION_KEY)
}
