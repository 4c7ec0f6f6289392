import useSWR from 'swr'
import { api } from '../../../lib/api-client'

export const ROSTER_JOBS_KEY = 'jobs?kind=roster_import&limit=10'

/** getRosterJobs loads the newest roster imports: {jobs, total}. */
export async function getRosterJobs(key) {
  const json = await api(key)
  const data = json?.data ?? {}
  return { jobs: Array.isArray(data.jobs) ? data.jobs : [], total: Number(data.total) || 0 }
}

/** useRosterJobs lists recent roster imports, polling while one is still queued or running. */
export function useRosterJobs() {
  return useSWR(ROSTER_JOBS_KEY, getRosterJobs, {
    refreshInterval: (data) => (data?.jobs?.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : 0),
  })
}
