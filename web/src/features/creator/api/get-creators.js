import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const CREATORS_PAGE_SIZE = 12

// Query parameters of GET /api/creators besides page and limit, in the order they are sent.
export const CREATOR_FILTERS = ['search', 'niche', 'tier', 'platform', 'minFollowers', 'maxFollowers', 'minEngagement', 'location', 'gender', 'verified', 'minQuality', 'sort']

/** @typedef {{page?: number, limit?: number} & Record<string, string | number | boolean | null | undefined>} CreatorsQuery */

/**
 * creatorsKey builds the GET /api/creators path; empty filters are left out.
 * @param {CreatorsQuery} [query]
 */
export function creatorsKey({ page = 1, limit = CREATORS_PAGE_SIZE, ...filters } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  for (const name of CREATOR_FILTERS) {
    const v = String(filters[name] ?? '').trim()
    if (v) q.set(name, v)
  }
  return `creators?${q}`
}

/**
 * getCreators loads one page of the creator network: {creators, total, totalEstimated, page, limit}.
 * @param {string} key
 */
export async function getCreators(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/creators', 'get'>} */
  const json = await request(key)
  return readListPage(json, 'creators', CREATORS_PAGE_SIZE)
}

/** @param {CreatorsQuery} filters */
export function useCreators(filters) {
  return useSWR(creatorsKey(filters), getCreators, { keepPreviousData: true })
}
