// The SWR keys of an offer's agreement. They start with 'offers/' like the creator's offer keys, so a creator's
// answer (counter, decline) revalidates the agreement too.

/** agreementKey is the SWR key (and path) of GET /api/offers/{id}/agreement. */
export const agreementKey = (/** @type {string} */ offerId) => `offers/${encodeURIComponent(offerId)}/agreement`

/** agreementEventsKey is the SWR key (and path) of GET /api/offers/{id}/agreement/events. */
export const agreementEventsKey = (/** @type {string} */ offerId) => `${agreementKey(offerId)}/events`

/** campaignAgreementsKey is the SWR key (and path) of GET /api/campaigns/{id}/agreements. */
export const campaignAgreementsKey = (/** @type {string} */ campaignId) => `campaigns/${encodeURIComponent(campaignId)}/agreements`

/**
 * touchesOffers matches every cached key a signature may change: the agreement and its events, the creator's
 * offers, a campaign's roster (the brand's row shows the signature state) and the admin's rosters.
 * @param {unknown} key
 */
export function touchesOffers(key) {
  const k = Array.isArray(key) ? key[0] : key
  return typeof k === 'string' && (k.startsWith('offers') || k.startsWith('campaigns/') || k.startsWith('admins/'))
}
