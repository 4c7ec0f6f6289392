import useSWR from 'swr'
import { request } from '../../../lib/request'

/** getNiches loads GET /api/niche and returns the niches sorted by name. */
export async function getNiches() {
  const json = await request('niche', { auth: false })
  const list = Array.isArray(json?.data?.niche) ? json.data.niche : []
  return [...list].sort((a, b) => String(a.name).localeCompare(String(b.name)))
}

export function useNiches() {
  return useSWR('niche', getNiches, { revalidateOnFocus: false })
}
