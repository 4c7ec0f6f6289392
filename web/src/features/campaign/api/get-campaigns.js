import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const CAMPAIGNS_PAGE_SIZE = 10

/** campaignsKey builds the GET /api/campaigns/all-campaigns path; empty filters are left out. */
export function campaignsKey({ page = 1, limit = CAMPAIGNS_PAGE_SIZE, search = '', status = '' } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (search.trim()) q.set('search', search.trim())
  if (status) q.set('status', status)
  return `campaigns/all-campaigns?${q}`
}

/** getCampaigns loads one page of the brand's campaigns: {campaigns, total, page, limit}. */
/** @param {string} key */
export async function getCampaigns(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/all-campaigns', 'get'>} */
  const json = await request(key)
  return readListPage(json, 'campaigns', CAMPAIGNS_PAGE_SIZE)
}

/** @param {{page?: number, limit?: number, search?: string, status?: string}} [filters] */
export function useCampaigns(filters) {
  return useSWR(campaignsKey(filters), getCampaigns, { keepPreviousData: true })
}
