import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

/**
 * createBrand calls POST /api/admins/brands {brandName, name, email}; the new BRAND_ADMIN gets an invitation mail.
 * @param {import('../../../lib/api-types').Body<'/api/admins/brands', 'post'>} body
 */
export async function createBrand(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/brands', 'post'>} */
  const json = await request('admins/brands', { method: 'POST', body })
  return json?.data
}

/** @param {unknown} key */
const brandLists = (key) => typeof key === 'string' && key.startsWith('admins/get-brands')

export function useCreateBrand() {
  return useMutation(createBrand, brandLists)
}
