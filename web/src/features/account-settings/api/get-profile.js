import useSWR from 'swr'
import { request } from '../../../lib/request'

/** @typedef {import('../../../lib/api-types').Data<'/api/users/profile', 'get'>['user']} Profile */

/** getProfile loads GET /api/users/profile and returns data.user. */
export async function getProfile() {
  /** @type {import('../../../lib/api-types').Answer<'/api/users/profile', 'get'>} */
  const json = await request('users/profile')
  return json?.data?.user ?? null
}

export function useProfile() {
  return useSWR('users/profile', getProfile, { revalidateOnFocus: false })
}
