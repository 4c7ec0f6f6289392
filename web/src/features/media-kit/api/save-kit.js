import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { KIT_KEY } from './kit-keys'

/**
 * saveKit calls PUT /api/kit with the whole kit (slug, published, searchEngines, bio, show, handles, campaignIds,
 * rateCard of {id?, label, priceCents}) and returns the settings as GET /api/kit answers them.
 * @param {import('../../../lib/api-types').Body<'/api/kit', 'put'>} body
 */
export async function saveKit(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/kit', 'put'>} */
  const json = await request(KIT_KEY, { method: 'PUT', body, fallback: 'Could not save your media kit. Please try again.' })
  return json.data
}

/** useSaveKit returns saveKit that then reloads the settings. */
export function useSaveKit() {
  return useMutation(saveKit, KIT_KEY)
}
