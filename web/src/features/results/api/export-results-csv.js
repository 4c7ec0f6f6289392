import { request } from '../../../lib/request'

/**
 * getResultsCsv loads GET /api/campaigns/{id}/results.csv (one row per post, formula-safe cells) as text, with the
 * session's token, for saveFile to hand to the browser.
 * @returns {Promise<string>}
 */
export async function getResultsCsv(campaignId) {
  // GET /api/campaigns/{id}/results.csv answers text/csv, so the document gives it no JSON Answer type.
  /** @type {string} */
  const csv = await request(`campaigns/${encodeURIComponent(campaignId)}/results.csv`, { as: 'text', fallback: 'Download failed. Please try again.' })
  return csv
}
