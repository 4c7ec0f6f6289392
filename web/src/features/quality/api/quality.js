import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

/** @typedef {import('../../../lib/api-types').Schema<'QualityCreator'>} Quality */
/** @typedef {Quality['accounts'][number]} QualityAccount */
/** @typedef {import('../../../lib/api-types').Schema<'QualityReading'>} Reading */
/** @typedef {NonNullable<Reading['spikes']>[number]} Spike */

/**
 * creatorQualityKey is the SWR key of a network creator's audience-quality reading.
 * @param {string} id
 */
export const creatorQualityKey = (id) => `creators/${encodeURIComponent(id)}/quality`

/** MY_QUALITY_KEY is the SWR key of the creator's own reading ("What brands see"). */
export const MY_QUALITY_KEY = 'quality/me'

/**
 * getQuality loads GET /api/creators/{id}/quality or GET /api/quality/me: the
 * creator's figure (score, basis, reason) and each account's reading.
 * @param {string} key
 */
export async function getQuality(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/quality/me', 'get'>} */
  const json = await request(key)
  return json?.data?.quality ?? null
}

/**
 * useCreatorQuality loads a network creator's reading (brand roles, ADMIN).
 * @param {string | null | undefined} id
 */
export function useCreatorQuality(id) {
  return useSWR(id ? creatorQualityKey(id) : null, getQuality, { revalidateOnFocus: false, shouldRetryOnError: false })
}

/** useMyQuality loads what brands see of the signed-in creator's reading. */
export function useMyQuality() {
  return useSWR(MY_QUALITY_KEY, getQuality, { revalidateOnFocus: false, shouldRetryOnError: false })
}

/**
 * annotateSpike calls PUT /api/quality/annotations {platform, day, note} (an
 * empty note removes it) and resolves to the reading.
 * @param {import('../../../lib/api-types').Body<'/api/quality/annotations', 'put'>} body
 */
async function annotateSpike(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/quality/annotations', 'put'>} */
  const json = await request('quality/annotations', { method: 'PUT', body })
  return json?.data?.quality ?? null
}

/** useAnnotateSpike saves a note on a spike and reloads the reading. */
export function useAnnotateSpike() {
  return useMutation(annotateSpike, MY_QUALITY_KEY)
}

/**
 * requestReview calls POST /api/quality/review {message}: every ADMIN is mailed.
 * @param {string} message
 */
export async function requestReview(message) {
  /** @type {import('../../../lib/api-types').Answer<'/api/quality/review', 'post'>} */
  const json = await request('quality/review', { method: 'POST', body: { message } })
  return json?.data?.review ?? null
}
