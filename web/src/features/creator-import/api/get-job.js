import useSWR, { useSWRConfig } from 'swr'
import { CREATOR_IMPORTS_KEY } from './get-creator-imports'
import { request } from '../../../lib/request'

export const JOB_POLL_MS = 500

/** isFinished tells whether a job has reached succeeded or failed. */
export function isFinished(job) {
  return job?.status === 'succeeded' || job?.status === 'failed'
}

/** getJob loads GET /api/jobs/{id}: {id, kind, status, progress, total, processed, failed, result, error, ...}. */
export async function getJob(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.job ?? null
}

/**
 * useJob polls an import job every JOB_POLL_MS until it succeeds or fails; id
 * null = no job. Once it has finished (or cannot be read), the recent imports list is revalidated.
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
