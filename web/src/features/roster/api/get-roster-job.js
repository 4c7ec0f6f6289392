import useSWR, { useSWRConfig } from 'swr'
import { request } from '../../../lib/request'
import { rosterKey } from '../../../lib/campaign-roster'

export const ROSTER_JOB_POLL_MS = 400

const finished = (/** @type {{status?: string} | null | undefined} */ job) => job?.status === 'succeeded' || job?.status === 'failed'

/** getRosterJob loads GET /api/jobs/{id} and returns data.job. */
/** @param {string} key */
export async function getRosterJob(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.job ?? null
}

/**
 * useRosterJob polls a roster job until it ends; then the campaign's roster
 * is loaded again. id null = no job.
 * @param {string | null} id
 * @param {string} campaignId
 */
export function useRosterJob(id, campaignId) {
  const { mutate } = useSWRConfig()
  return useSWR(id ? `jobs/${id}` : null, getRosterJob, {
    refreshInterval: (job) => (finished(job) ? 0 : ROSTER_JOB_POLL_MS),
    revalidateOnFocus: false,
    onSuccess: (job) => finished(job) && mutate(rosterKey(campaignId)),
  })
}

export { finished as isRosterJobFinished }
