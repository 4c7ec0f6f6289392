import useSWR from 'swr'
import { adminListCall } from './admin-list-call'

const brands = adminListCall('admins/get-brands', 'brands')

/** adminBrandsKey builds the GET /api/admins/get-brands path (page, limit, search). */
export const adminBrandsKey = brands.key

/** getAdminBrands loads one page of brands: {brands: [{_id, name, ownerName, ownerEmail, members, createdAt}], total, page, limit}. */
export const getAdminBrands = brands.get

/** useAdminBrands reads one page of brands, keeping the last page on screen while the next loads. */
/** @param {{page?: number, limit?: number, search?: string}} [params] */
export function useAdminBrands(params) {
  return useSWR(adminBrandsKey(params), getAdminBrands, { keepPreviousData: true })
}
