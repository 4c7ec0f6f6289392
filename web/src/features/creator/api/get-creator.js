import useSWR from 'swr'
import { request } from '../../../lib/request'

/**
 * creatorKey is the SWR key of one creator's profile.
 * @param {string} id
 */
export const creatorKey = (id) => `creators/${encodeURIComponent(id)}`

/** @typedef {import('../../../lib/api-types').Data<'/api/creators/{id}', 'get'>} CreatorData */
/** @typedef {NonNullable<CreatorData['creator']>} Creator */
/** @typedef {NonNullable<CreatorData['profile']>} Profile */

/**
 * getCreator loads GET /api/creators/{id}: {creator (a list entry), profile (the figures with their basis)}.
 * @param {string} key
 */
export async function getCreator(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/creators/{id}', 'get'>} */
  const json = await request(key)
  return { creator: json?.data?.creator ?? null, profile: json?.data?.profile ?? null }
}

/**
 * useCreator loads a creator's profile; a 404 comes back as error.status 404.
 * @param {string | null | undefined} id
 */
export function useCreator(id) {
  return useSWR(id ? creatorKey(id) : null, getCreator, { revalidateOnFocus: false, shouldRetryOnError: false })
}
