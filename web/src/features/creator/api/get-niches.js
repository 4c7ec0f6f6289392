import useSWR from 'swr'
import { request } from '../../../lib/request'

/** getNiches loads GET /api/niche: the niche list {_id, name}, sorted by name. */
export async function getNiches(key) {
  const json = await request(key)
  const list = Array.isArray(json?.data?.niche) ? json.data.niche : []
  return [...list].sort((a, b) => a.name.localeCompare(b.name))
}

export function useNiches() {
  return useSWR('niche', getNiches, { revalidateOnFocus: false })
}
