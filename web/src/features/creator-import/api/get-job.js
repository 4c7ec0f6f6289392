import useSWR, { useSWRConfig } from 'swr'
import { CREATOR_IMPORTS_KEY } from './get-creator-imports'
import { request } from '../../../lib/request'

export const JOB_POLL_MS = 500

/** @typedef {import('../../../lib/api-types').Data<'/api/jobs/{id}', 'get'>['job']} Job */
/**
 * CreatorImportResult is a finished creator import's result: the document leaves a job's result untyped (it
 * depends on the kind).
 * @typedef {{format?: string, rows?: number, imported?: number, failed?: number, created?: number, updated?: number,
 *   unchanged?: number, ignoredColumns?: string[]}} CreatorImportResult
 */

/**
 * importResult reads a creator import job's result.
 * @param {Job} job
 * @returns {CreatorImportResult}
 */
export const importResult = (job) => /** @type {CreatorImportResult} */ (job.result || {})

/**
 * isFinished tells whether a job has reached succeeded or failed.
 * @param {Job | null | undefined} job
 */
export function isFinished(job) {
  return job?.status === 'succeeded' || job?.status === 'failed'
}

/** getJob loads GET /api/jobs/{id}: {id, kind, status, progress, total, processed, failed, result, error, ...}.
 * @param {string} key
 * @returns {Promise<Job | null>}
 */
export async function getJob(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.job ?? null
}

/**
 * useJob polls an import job every JOB_POLL_MS until it succeeds or fails; id
 * null = no job. Once it has finished (or cannot be read), the recent imports list is revalidated.
 * @param {string | null} id
 */
export function useJob(id) {
  const { mutate } = useSWRConfig()
  return useSWR(id ? `jobs/${id}` : null, getJob, {
    refreshInterval: (job) => (isFinished(job) ? 0 : JOB_POLL_MS),
    revalidateOnFocus: false,
    onSuccess: (job) => isFinished(job) && mutate(CREATOR_IMPORTS_KEY),
    onError: () => mutate(CREATOR_IMPORTS_KEY),
  })
}
