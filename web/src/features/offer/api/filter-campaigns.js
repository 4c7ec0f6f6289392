import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const OFFER_CAMPAIGNS_PAGE_SIZE = 10

/**
 * filterCampaigns calls POST /api/admins/filter-campaign?page&limit with the filters as body.
 * @param {[string, number, string]} key the SWR key: path, page and the JSON of the filters (the body)
 */
export async function filterCampaigns([path, page, body]) {
  /** @type {import('../../../lib/api-types').Answer<'/api/admins/filter-campaign', 'post'>} */
  const json = await request(`${path}?page=${page}&limit=${OFFER_CAMPAIGNS_PAGE_SIZE}`, { method: 'POST', body: JSON.parse(body) })
  return readListPage(json, 'campaigns', OFFER_CAMPAIGNS_PAGE_SIZE)
}

/**
 * useOfferCampaigns loads a page of every brand's campaigns with their roster sums.
 * @param {import('../../../lib/api-schema').components['schemas']['OfferCampaignFilter']} filters
 * @param {number} page
 */
export function useOfferCampaigns(filters, page) {
  return useSWR(['admins/filter-campaign', page, JSON.stringify(filters)], filterCampaigns, { keepPreviousData: true })
}
