import { request } from '../../../lib/request'

/**
 * generateRoster calls POST /api/campaigns/generate-roaster {campaignId, size, niches}
 * and resolves to the queued job ({id, status, progress, ...}).
 */
export async function generateRoster(body) {
  const json = await request('campaigns/generate-roaster', { method: 'POST', body })
  return json?.data?.job ?? null
}
