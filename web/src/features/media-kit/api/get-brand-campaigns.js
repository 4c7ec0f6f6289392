import useSWR from 'swr'
import { request } from '../../../lib/request'

const KEY = 'campaigns/all-campaigns?page=1&limit=100'

/** getBrandCampaigns loads the signed-in brand's campaigns (the first 100) to book a kit's creator on. */
export async function getBrandCampaigns() {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/all-campaigns', 'get'>} */
  const json = await request(KEY, { fallback: 'Could not load your campaigns. Please try again.' })
  return json.data.campaigns
}

/**
 * useBrandCampaigns loads them while `on` (the booking dialog is open).
 * @param {boolean} on
 */
export function useBrandCampaigns(on) {
  return useSWR(on ? KEY : null, getBrandCampaigns, { revalidateOnFocus: false })
}
