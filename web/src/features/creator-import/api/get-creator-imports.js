import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const CREATOR_IMPORTS_KEY = 'jobs?kind=creator_import&limit=10'

/**
 * getCreatorImports loads the newest creator imports: {jobs, total, page, limit}.
 * @param {string} key
 */
export async function getCreatorImports(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs', 'get'>} */
  const json = await request(key)
  return readListPage(json, 'jobs', 10)
}

/** useCreatorImports lists recent creator imports, polling while one is still queued or running. */
export function useCreatorImports() {
  return useSWR(CREATOR_IMPORTS_KEY, getCreatorImports, {
    refreshInterval: (/** @type {Awaited<ReturnType<typeof getCreatorImports>> | undefined} */ data) => (data?.jobs?.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : 0),
  })
}
