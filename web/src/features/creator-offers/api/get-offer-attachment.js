import { request } from '../../../lib/request'

/**
 * getOfferAttachment calls GET /api/offers/{id}/attachments/{key}: a signed link (24 hours) to one of the offer's
 * campaign attachments, {key, name, type, url, expiresAt}.
 * @param {string} offerId
 * @param {string} key
 */
export async function getOfferAttachment(offerId, key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/attachments/{key}', 'get'>} */
  const json = await request(`offers/${encodeURIComponent(offerId)}/attachments/${encodeURIComponent(key)}`, {
    fallback: 'Could not get the file. Please try again.',
  })
  return json.data.file
}
