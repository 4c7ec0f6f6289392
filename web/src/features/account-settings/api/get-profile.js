import useSWR from 'swr'
import { api } from '../../../lib/api-client'

/** getProfile loads GET /api/users/profile and returns data.user. */
export async function getProfile() {
  const json = await api('users/profile')
  return json?.data?.user ?? null
}

export function useProfile() {
  return useSWR('users/profile', getProfile, { revalidateOnFocus: false })
}
