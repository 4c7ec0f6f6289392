import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { BRAND_CONSENT_KEY } from './kit-keys'

/**
 * getBrandConsent loads GET /api/kit/brand-consent: {consent: {namedInKits, industry}, kits: [{slug, name, campaigns}]},
 * the brand's setting and the published kits that show its campaigns.
 */
export async function getBrandConsent() {
  /** @type {import('../../../lib/api-types').Answer<'/api/kit/brand-consent', 'get'>} */
  const json = await request(BRAND_CONSENT_KEY, { fallback: 'Could not load the media kits that show your campaigns. Please try again.' })
  return json.data
}

/** useBrandConsent loads the brand's kit setting and the kits that show its campaigns. */
export function useBrandConsent() {
  return useSWR(BRAND_CONSENT_KEY, getBrandConsent, { revalidateOnFocus: false })
}

/**
 * setBrandConsent calls PUT /api/kit/brand-consent {namedInKits, industry} (BRAND_ADMIN) and answers as the GET.
 * @param {import('../../../lib/api-types').Body<'/api/kit/brand-consent', 'put'>} body
 */
export async function setBrandConsent(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/kit/brand-consent', 'put'>} */
  const json = await request(BRAND_CONSENT_KEY, { method: 'PUT', body, fallback: 'Could not save your choice. Please try again.' })
  return json.data
}

/** useSetBrandConsent returns setBrandConsent that then reloads the setting. */
export function useSetBrandConsent() {
  return useMutation(setBrandConsent, BRAND_CONSENT_KEY)
}
