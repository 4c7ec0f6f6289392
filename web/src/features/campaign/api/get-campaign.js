import useSWR from 'swr'
import { api } from '../../../lib/api-client'

/** getCampaign loads GET /api/campaigns/{id} and returns data.campaign. */
export async function getCampaign(key) {
  const json = await api(key)
  return json?.data?.campaign ?? null
}

export function useCampaign(id) {
  return useSWR(id ? `campaigns/${encodeURIComponent(id)}` : null, getCampaign, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  })
}
