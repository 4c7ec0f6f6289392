import useSWR from 'swr'
import { request } from '../../../lib/request'

/** @typedef {import('../../../lib/api-types').Data<'/api/jobs/{id}', 'get'>['job']} Job */

/**
 * getJob loads GET /api/jobs/{id} and returns data.job.
 * @param {string} key
 */
export async function getJob(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.job ?? null
}

/**
 * useJob polls a job every second until it finishes.
 * @param {string | null} id
 */
export function useJob(id) {
  return useSWR(id ? `jobs/${id}` : null, getJob, {
    refreshInterval: (/** @type {Job | null | undefined} */ job) => (job && (job.status === 'succeeded' || job.status === 'failed') ? 0 : 1000),
  })
}
