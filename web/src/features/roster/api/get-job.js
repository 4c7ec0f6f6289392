import useSWR from 'swr'
import { request } from '../../../lib/request'

export const JOB_POLL_MS = 500

/** isFinished tells whether a job has reached succeeded or failed. */
export function isFinished(job) {
  return job?.status === 'succeeded' || job?.status === 'failed'
}

/** getJob loads GET /api/jobs/{id}: {id, kind, status, progress, total, processed, failed, result, error, ...}. */
export async function getJob(key) {
  const json = await request(key)
  return json?.data?.job ?? null
}

/** useJob polls the job every JOB_POLL_MS until it succeeds or fails; id null = no job. */
export function useJob(id) {
  return useSWR(id ? `jobs/${id}` : null, getJob, {
    refreshInterval: (job) => (isFinished(job) ? 0 : JOB_POLL_MS),
    revalidateOnFocus: false,
  })
}
