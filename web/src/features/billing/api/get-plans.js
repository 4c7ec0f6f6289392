import useSWR from 'swr'
import { request } from '../../../lib/request'

export const PLANS_KEY = 'plans'

/** @typedef {import('../../../lib/api-types').Data<'/api/plans', 'get'>['plans'][number]} Plan */

/** getPlans loads GET /api/plans: [{_id, name, interval, amount (cents), currency, features}], monthly first. */
export async function getPlans(key = PLANS_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/plans', 'get'>} */
  const json = await request(key)
  return json?.data?.plans ?? []
}

export function usePlans() {
  return useSWR(PLANS_KEY, getPlans, { revalidateOnFocus: false })
}
