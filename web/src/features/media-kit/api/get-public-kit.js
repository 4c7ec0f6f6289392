import useSWR from 'swr'
import { request } from '../../../lib/request'
import { publicKitKey } from './kit-keys'

/**
 * getPublicKit loads the public GET /api/kits/{slug} without the session's token; an unpublished kit is a 404.
 * @param {string} key
 */
export async function getPublicKit(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/kits/{slug}', 'get'>} */
  const json = await request(key, { auth: false, fallback: 'Could not load this media kit. Please try again.' })
  return json.data.kit
}

/**
 * usePublicKit loads a published kit; a 404 comes back as error.status 404.
 * @param {string | undefined} slug
 */
export function usePublicKit(slug) {
  return useSWR(slug ? publicKitKey(slug) : null, getPublicKit, { revalidateOnFocus: false, shouldRetryOnError: false })
}
