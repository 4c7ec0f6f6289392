import useSWR from 'swr'
import { request } from '../../../lib/request'

/**
 * sharedKey is the key and path of the public GET /api/share/{token}.
 * @param {string} token
 */
export const sharedKey = (token) => `share/${encodeURIComponent(token)}`

/**
 * getSharedResults loads the public GET /api/share/{token} without the session's token: a campaign's results
 * read-only, fees hidden unless the brand showed them. An unknown, expired or revoked link is a 404.
 * @param {string} key
 */
export async function getSharedResults(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/share/{token}', 'get'>} */
  const json = await request(key, { auth: false, fallback: 'Could not load the results. Please try again.' })
  return json.data.results
}

/**
 * useSharedResults loads the results behind a share link; a 404 comes back as error.status 404.
 * @param {string | null | undefined} token
 */
export function useSharedResults(token) {
  return useSWR(token ? sharedKey(token) : null, getSharedResults, { revalidateOnFocus: false, shouldRetryOnError: false })
}
