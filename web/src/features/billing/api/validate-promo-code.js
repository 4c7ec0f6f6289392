import { request } from '../../../lib/request'

/**
 * validatePromoCode calls POST /api/subscriptions/validate-promo-code {code}:
 * {valid, code, percentOff | amountOff, currency, duration, durationInMonths?};
 * an unknown, expired or empty code rejects with the field error on `code`.
 * @param {string} code
 */
export async function validatePromoCode(code) {
  /** @type {import('../../../lib/api-types').Answer<'/api/subscriptions/validate-promo-code', 'post'>} */
  const json = await request('subscriptions/validate-promo-code', { method: 'POST', body: { code } })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}
