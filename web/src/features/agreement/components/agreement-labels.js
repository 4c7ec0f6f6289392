// How the agreement pages name sides, fields, usage rights and audit actions.

/** SIDE_NAME names a signing side in a sentence: "Waiting for the creator's signature". */
/** @type {Record<string, string>} */
export const SIDE_NAME = { brand: 'the brand', creator: 'the creator', guardian: "the creator's guardian" }

/** SIDE_LABEL names a side as a column or a list label. */
/** @type {Record<string, string>} */
export const SIDE_LABEL = { brand: 'Brand', creator: 'Creator', guardian: 'Guardian' }

/** USAGE says what the brand may do with the posts. */
/** @type {Record<string, string>} */
export const USAGE = {
  organic_only: 'Organic only: the brand may share the posts, not run them as paid ads',
  '30_days': 'Paid usage for 30 days after each post is published',
  unlimited: 'Unlimited: the brand may use the posts in paid ads with no end date',
}

/** EXCLUSIVITY says whether the creator may work with competing brands meanwhile. */
/** @type {Record<string, string>} */
export const EXCLUSIVITY = {
  no_exclusivity: 'No exclusivity',
  exclusive: 'Exclusive: no competing brand until 30 days after the campaign ends',
}

/** ACTIONS names an audit action in the events list; unknown ones show as sent. */
/** @type {Record<string, string>} */
export const ACTIONS = {
  'agreement.version': 'New version',
  'agreement.code_sent': 'Signing code sent',
  'agreement.signed': 'Signed',
  'agreement.guardian_invited': 'Guardian asked to sign',
  'agreement.guardian_signed': 'Guardian signed',
  'agreement.accepted': 'Offer accepted',
  'agreement.pdf': 'Signed PDF made',
}

/** actionLabel names an audit action: the known ones in words, else the action with its dots as spaces. */
export const actionLabel = (/** @type {string} */ a) => ACTIONS[a] ?? String(a).replace(/^agreement\./, '').replace(/[._]/g, ' ')

/** waitingLine is the sentence of whose signatures are still missing, or null when none is. */
/** @param {string[] | null | undefined} missing */
export function waitingLine(missing) {
  if (!missing?.length) return null
  const names = missing.map((s) => `${SIDE_NAME[s] ?? s}'s`)
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `Waiting for ${list} signature${missing.length > 1 ? 's' : ''}`
}

/** MSG_CHANGED is the API's answer (409) to a signature on a version that is no longer the last. */
export const MSG_CHANGED = 'This offer changed; review the new terms'

/** ROLE names a signer's or actor's role for people. */
/** @type {Record<string, string>} */
export const ROLE = { USER: 'creator', BRAND_ADMIN: 'brand admin', BRAND_MANAGER: 'brand manager', BRAND_VIEWER: 'brand viewer', ADMIN: 'Creator Coach admin', GUARDIAN: 'guardian' }

/** roleLabel names a role for people; unknown ones show as sent. */
export const roleLabel = (/** @type {string} */ r) => ROLE[r] ?? r
