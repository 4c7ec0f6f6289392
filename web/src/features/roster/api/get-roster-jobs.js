import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const ROSTER_JOBS_KEY = 'jobs?kind=roster_import&limit=10'

/** getRosterJobs loads the newest roster imports: {jobs, total, page, limit}. */
export async function getRosterJobs(key) {
  return readListPage(await request(key), 'jobs', 10)
}

/** useRosterJobs lists recent roster imports, polling while one is still queued or running. */
export function useRosterJobs() {
  return useSWR(ROSTER_JOBS_KEY, getRosterJobs, {
    refreshInterval: (data) => (data?.jobs?.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : 0),
  })
}
