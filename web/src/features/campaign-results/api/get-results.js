import useSWR from 'swr'
import { request } from '../../../lib/request'
import { resultsKey } from './results-keys'

/**
 * getResults loads GET /api/campaigns/{id}/results and returns data.results: the campaign, asOf, feesShown,
 * totals (figures with their basis), the daily series and one row per creator with their posts.
 * @param {string} key
 */
export async function getResults(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/results', 'get'>} */
  const json = await request(key, { fallback: 'Could not load the results. Please try again.' })
  return json.data.results
}

/**
 * useResults loads a campaign's results; a 404 comes back as error.status 404.
 * @param {string | null | undefined} id
 */
export function useResults(id) {
  return useSWR(id ? resultsKey(id) : null, getResults, { revalidateOnFocus: false, shouldRetryOnError: false })
}
