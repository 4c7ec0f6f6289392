import useSWR from 'swr'
import { request } from '../../../lib/request'
import { listKey, readListPage } from '../../../lib/list-page'
import { ADMIN_PAGE_SIZE } from './get-admin-creators'

/** adminBrandsKey builds the GET /api/admins/get-brands path (page, limit, search). */
export function adminBrandsKey({ page = 1, limit = ADMIN_PAGE_SIZE, search = '' } = {}) {
  return listKey('admins/get-brands', { page, limit, search })
}

/** getAdminBrands loads one page of brands: {brands: [{_id, name, ownerName, ownerEmail, members, createdAt}], total, page, limit}. */
export async function getAdminBrands(key) {
  return readListPage(await request(key), 'brands', ADMIN_PAGE_SIZE)
}

export function useAdminBrands(params) {
  return useSWR(adminBrandsKey(params), getAdminBrands, { keepPreviousData: true })
}
