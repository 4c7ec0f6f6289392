import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { agreementKey, touchesOffers } from './agreement-keys'

/** sendSignCode calls POST /api/offers/{id}/agreement/code: mails the signer a 6-digit code; resolves to {sentTo} (masked). */
/** @param {string} offerId */
export async function sendSignCode(offerId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/agreement/code', 'post'>} */
  const json = await request(`${agreementKey(offerId)}/code`, { method: 'POST', fallback: 'Could not send the code. Please try again.' })
  return json.data
}

/**
 * signAgreement calls POST /api/offers/{id}/agreement/sign and resolves to the agreement after the signature.
 * @param {string} offerId
 * @param {import('../../../lib/api-types').Body<'/api/offers/{id}/agreement/sign', 'post'>} body
 */
export async function signAgreement(offerId, body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/agreement/sign', 'post'>} */
  const json = await request(`${agreementKey(offerId)}/sign`, { method: 'POST', body, fallback: 'Could not sign the agreement. Please try again.' })
  return json.data.agreement
}

/** useSignAgreement returns signAgreement(offerId, body) that then revalidates the offer lists, rosters and the agreement. */
export function useSignAgreement() {
  return useMutation(signAgreement, touchesOffers)
}

/** getAgreementPDF calls GET /api/offers/{id}/agreement/pdf: a signed link (24 hours) to the signed PDF. */
/** @param {string} offerId */
export async function getAgreementPDF(offerId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/offers/{id}/agreement/pdf', 'get'>} */
  const json = await request(`${agreementKey(offerId)}/pdf`, { fallback: 'Could not get the signed PDF. Please try again.' })
  return json.data.pdf
}
