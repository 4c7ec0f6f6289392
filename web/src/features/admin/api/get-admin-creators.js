import useSWR from 'swr'
import { api } from '../../../lib/api-client'

export const ADMIN_PAGE_SIZE = 10

/** adminCreatorsKey builds the GET /api/admins/get-creators path (page, limit, search). */
export function adminCreatorsKey({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (search.trim()) q.set('search', search.trim())
  return `admins/get-creators?${q}`
}

/** getAdminCreators loads one page of all creators: {creators, total, page, limit}. */
export async function getAdminCreators(key) {
  const json = await api(key)
  const data = json?.data ?? {}
  return {
    creators: Array.isArray(data.creators) ? data.creators : [],
    total: Number(data.total) || 0,
    page: Number(data.page) || 1,
    limit: Number(data.limit) || ADMIN_PAGE_SIZE,
  }
}

export function useAdminCreators(params) {
  return useSWR(adminCreatorsKey(params), getAdminCreators, { keepPreviousData: true })
}
