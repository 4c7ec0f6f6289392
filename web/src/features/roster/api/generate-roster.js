import { request } from '../../../lib/request'

/**
 * generateRoster calls POST /api/campaigns/generate-roaster {campaignId, size, niches}
 * and resolves to the queued job ({id, status, progress, ...}).
 * @param {import('../../../lib/api-types').Body<'/api/campaigns/generate-roaster', 'post'>} body
 */
export async function generateRoster(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/generate-roaster', 'post'>} */
  const json = await request('campaigns/generate-roaster', { method: 'POST', body })
  return json?.data?.job ?? null
}
