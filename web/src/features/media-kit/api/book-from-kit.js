import { request } from '../../../lib/request'

/**
 * bookFromKit calls POST /api/kits/{slug}/book {campaignId, rateCardLineId} as a signed-in brand: one draft offer at
 * the line's price on the campaign's roster. Returns {entry, created}; created is false when that line was booked
 * on that campaign already (the same draft).
 * @param {string} slug
 * @param {import('../../../lib/api-types').Body<'/api/kits/{slug}/book', 'post'>} body
 */
export async function bookFromKit(slug, body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/kits/{slug}/book', 'post'>} */
  const json = await request(`kits/${encodeURIComponent(slug)}/book`, { method: 'POST', body, fallback: 'Could not book this creator. Please try again.' })
  return json.data
}
