import { request } from '../../../lib/request'
import { SUBSCRIPTION_KEY } from '../../../lib/subscription'
import { useMutation } from '../../../lib/use-mutation'

/** cancelSubscription calls POST /api/subscriptions/cancel: renewal stops, it runs until endedAt. Resolves to {subscription, message}. */
export async function cancelSubscription() {
  /** @type {import('../../../lib/api-types').Answer<'/api/subscriptions/cancel', 'post'>} */
  const json = await request('subscriptions/cancel', { method: 'POST', fallback: 'Could not cancel the subscription. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useCancelSubscription() {
  return useMutation(cancelSubscription, SUBSCRIPTION_KEY)
}
