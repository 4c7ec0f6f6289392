import useSWR from 'swr'
import { request } from '../../../lib/request'

/** getNiches loads GET /api/niche: [{_id, name}] sorted by name. */
export async function getNiches(key) {
  const json = await request(key, { auth: false })
  return json?.data?.niche ?? []
}

export function useNiches() {
  return useSWR('niche', getNiches, { revalidateOnFocus: false })
}
