import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const LISTING_KEY = 'creator-listing'

/** getListing loads GET /api/creator-listing: whether the creator answered, is listed, and their entry. */
export async function getListing() {
  /** @type {import('../../../lib/api-types').Answer<'/api/creator-listing', 'get'>} */
  const json = await request(LISTING_KEY)
  return json?.data?.listing ?? null
}

export function useListing() {
  return useSWR(LISTING_KEY, getListing, { revalidateOnFocus: false })
}

/**
 * setListing calls PUT /api/creator-listing: true lists the creator in the network, false unlists at once.
 * @param {boolean} listed
 */
export async function setListing(listed) {
  /** @type {import('../../../lib/api-types').Body<'/api/creator-listing', 'put'>} */
  const body = { listed }
  /** @type {import('../../../lib/api-types').Answer<'/api/creator-listing', 'put'>} */
  const json = await request(LISTING_KEY, { method: 'PUT', body, fallback: 'Failed to save your choice. Please try again.' })
  return json?.data?.listing ?? null
}

export function useSetListing() {
  return useMutation(setListing, LISTING_KEY)
}
