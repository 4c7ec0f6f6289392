import { request } from '../../../lib/request'

/**
 * verifyAgreement calls the public POST /api/verify (no log-in) with the agreement's PDF (`file`) or a SHA-256
 * (`sha256`) and resolves to the outcome: result 'signed' (version, when, by whom: names and roles only),
 * 'altered' or 'unknown'. A malformed hash or a file that is not a PDF is a 422 with `fields`; past the limit a 429.
 * @param {{file?: File | null, sha256?: string}} input
 */
export async function verifyAgreement({ file, sha256 }) {
  const fallback = 'Could not check the agreement. Please try again.'
  /** @type {import('../../../lib/api-types').Answer<'/api/verify', 'post'>} */
  const json = file
    ? await request('verify', { file, auth: false, fallback })
    : await request('verify', { method: 'POST', body: { sha256: (sha256 ?? '').trim() }, auth: false, fallback })
  return json.data.verify
}
