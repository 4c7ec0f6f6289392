import useSWR from 'swr'
import { request } from '../../../lib/request'
import { listKey } from '../../../lib/list-page'

/**
 * getSuppressions loads one page of GET /api/admins/outreach-suppressions: the addresses never invited again.
 * @param {string} key
 */
export async function getSuppressions(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/outreach-suppressions', 'get'>} */
  const json = await request(key)
  return json.data
}

/** useSuppressions reads one page of the suppression list, newest first. */
/** @param {number} page */
export function useSuppressions(page) {
  return useSWR(listKey('admins/outreach-suppressions', { page, limit: 20 }), getSuppressions, { keepPreviousData: true })
}
