// SWR keys of a campaign's results and share link: both sit under the Campaigns tag ('campaigns/'), so a
// campaign change revalidates them too.

/**
 * resultsKey is the key and path of GET /api/campaigns/{id}/results.
 * @param {string} id
 */
export const resultsKey = (id) => `campaigns/${encodeURIComponent(id)}/results`

/**
 * shareKey is the key and path of GET, POST and DELETE /api/campaigns/{id}/share.
 * @param {string} id
 */
export const shareKey = (id) => `campaigns/${encodeURIComponent(id)}/share`
