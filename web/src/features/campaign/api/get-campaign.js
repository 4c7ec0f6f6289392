import useSWR from 'swr'
import { request } from '../../../lib/request'

/** getCampaign loads GET /api/campaigns/{id} and returns data.campaign. */
/** @param {string} key */
export async function getCampaign(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}', 'get'>} */
  const json = await request(key)
  return json?.data?.campaign ?? null
}

/** @param {string | null | undefined} id */
export function useCampaign(id) {
  return useSWR(id ? `campaigns/${encodeURIComponent(id)}` : null, getCampaign, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  })
}
