import { request } from '../../../lib/request'
import { SUBSCRIPTION_KEY } from '../../../lib/subscription'
import { useMutation } from '../../../lib/use-mutation'

/** resumeSubscription calls POST /api/subscriptions/resume: renewal is back on before endedAt. Resolves to {subscription, message}. */
export async function resumeSubscription() {
  /** @type {import('../../../lib/api-types').Answer<'/api/subscriptions/resume', 'post'>} */
  const json = await request('subscriptions/resume', { method: 'POST', fallback: 'Could not resume the subscription. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useResumeSubscription() {
  return useMutation(resumeSubscription, SUBSCRIPTION_KEY)
}
