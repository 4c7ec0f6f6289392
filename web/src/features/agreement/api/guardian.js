import useSWR from 'swr'
import { request } from '../../../lib/request'

/** guardianKey is the SWR key (and path) of the public GET /api/guardian/{token}. */
export const guardianKey = (/** @type {string} */ token) => `guardian/${encodeURIComponent(token)}`

/** getGuardianAgreement loads the agreement a guardian is asked to sign (no log-in: the link's token is the credential). */
/** @param {string} key */
export async function getGuardianAgreement(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/guardian/{token}', 'get'>} */
  const json = await request(key, { auth: false })
  return json.data.guardian
}

/** useGuardianAgreement loads the guardian's agreement; a used, expired or unknown link fails with its message. */
/** @param {string | null | undefined} token */
export function useGuardianAgreement(token) {
  return useSWR(token ? guardianKey(token) : null, getGuardianAgreement, { revalidateOnFocus: false, shouldRetryOnError: false })
}

/**
 * signAsGuardian calls POST /api/guardian/{token}/sign {fullName, consent}; the link works once.
 * @param {string} token
 * @param {{fullName: string, consent: boolean}} body
 */
export async function signAsGuardian(token, body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/guardian/{token}/sign', 'post'>} */
  const json = await request(`${guardianKey(token)}/sign`, { method: 'POST', body, auth: false, fallback: 'Could not sign the agreement. Please try again.' })
  return json.data
}
