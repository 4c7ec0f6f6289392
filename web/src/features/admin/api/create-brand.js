import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

/** createBrand calls POST /api/admins/brands {brandName, name, email}; the new BRAND_ADMIN gets an invitation mail. */
export async function createBrand(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/brands', 'post'>} */
  const json = await request('admins/brands', { method: 'POST', body })
  return json?.data
}

const brandLists = (key) => typeof key === 'string' && key.startsWith('admins/get-brands')

export function useCreateBrand() {
  return useMutation(createBrand, brandLists)
}
