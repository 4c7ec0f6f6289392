import useSWR from 'swr'
import { request } from './request'

/**
 * getNiches loads GET /api/niche (public) and returns the niches {_id, name}
 * sorted by name. Every feature that lists niches shares this fetcher, so the
 * SWR key 'niche' always holds the same shape.
 */
export async function getNiches() {
  const json = await request('niche', { auth: false })
  const list = Array.isArray(json?.data?.niche) ? json.data.niche : []
  return [...list].sort((a, b) => String(a.name).localeCompare(String(b.name)))
}

/** useNiches is the SWR hook of getNiches. */
export function useNiches() {
  return useSWR('niche', getNiches, { revalidateOnFocus: false })
}
