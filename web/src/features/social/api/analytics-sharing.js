import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const SHARING_KEY = 'users/me/analytics-sharing'

/** getAnalyticsSharing loads GET /api/users/me/analytics-sharing and returns data.shareAnalytics. */
export async function getAnalyticsSharing() {
  /** @type {import('../../../lib/api-types').Answer<'/api/users/me/analytics-sharing', 'get'>} */
  const json = await request(SHARING_KEY)
  return json?.data?.shareAnalytics ?? false
}

export function useAnalyticsSharing() {
  return useSWR(SHARING_KEY, getAnalyticsSharing, { revalidateOnFocus: false })
}

/**
 * setAnalyticsSharing calls PUT /api/users/me/analytics-sharing and resolves to the recorded choice.
 * @param {boolean} shareAnalytics
 */
export async function setAnalyticsSharing(shareAnalytics) {
  /** @type {import('../../../lib/api-types').Body<'/api/users/me/analytics-sharing', 'put'>} */
  const body = { shareAnalytics }
  /** @type {import('../../../lib/api-types').Answer<'/api/users/me/analytics-sharing', 'put'>} */
  const json = await request(SHARING_KEY, { method: 'PUT', body, fallback: 'Failed to save your choice. Please try again.' })
  return json?.data?.shareAnalytics ?? shareAnalytics
}

export function useSetAnalyticsSharing() {
  return useMutation(setAnalyticsSharing, SHARING_KEY)
}
