import useSWR from 'swr'
import { api } from '../../../lib/api-client'
import { ADMIN_PAGE_SIZE } from './get-admin-creators'

/** adminBrandsKey builds the GET /api/admins/get-brands path (page, limit, search). */
export function adminBrandsKey({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (search.trim()) q.set('search', search.trim())
  return `admins/get-brands?${q}`
}

/** getAdminBrands loads one page of brands: {brands: [{_id, name, ownerName, ownerEmail, members, createdAt}], total, page, limit}. */
export async function getAdminBrands(key) {
  const json = await api(key)
  const data = json?.data ?? {}
  return {
    brands: Array.isArray(data.brands) ? data.brands : [],
    total: Number(data.total) || 0,
    page: Number(data.page) || 1,
    limit: Number(data.limit) || ADMIN_PAGE_SIZE,
  }
}

export function useAdminBrands(params) {
  return useSWR(adminBrandsKey(params), getAdminBrands, { keepPreviousData: true })
}
