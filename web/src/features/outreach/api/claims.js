import { request } from '../../../lib/request'

/**
 * checkClaim calls POST /api/outreach/claims/check (public): what an invitation's claim link offers.
 * @param {string} token
 */
export async function checkClaim(token) {
  /** @type {import('../../../lib/api-types').Answer<'/api/outreach/claims/check', 'post'>} */
  const json = await request('outreach/claims/check', { method: 'POST', body: { token }, auth: false })
  return json?.data?.claim ?? null
}

/**
 * claimProfile calls POST /api/outreach/claims (signed-in creator): links the entry, once.
 * @param {string} token
 */
export async function claimProfile(token) {
  /** @type {import('../../../lib/api-types').Answer<'/api/outreach/claims', 'post'>} */
  const json = await request('outreach/claims', { method: 'POST', body: { token } })
  return json?.data ?? null
}

/**
 * unsubscribe calls POST /api/outreach/unsubscribe (public) and resolves to the server's message.
 * @param {string} token
 */
export async function unsubscribe(token) {
  /** @type {import('../../../lib/api-types').Answer<'/api/outreach/unsubscribe', 'post'>} */
  const json = await request('outreach/unsubscribe', { method: 'POST', body: { token }, auth: false })
  return json?.data?.message ?? ''
}
