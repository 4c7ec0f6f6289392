// Words of the thread's time line.

/** @type {Partial<Record<string, string>>} */
export const SIDE_NAMES = { creator: 'Creator', brand: 'Brand', support: 'Support', system: 'The system' }

/** @type {Partial<Record<string, string>>} */
export const MOVE_WORDS = {
  sent: 'sent the offer',
  countered: 'countered',
  accepted: 'accepted the offer',
  declined: 'declined the offer',
  withdrawn: 'withdrew the offer',
  expired: 'The offer expired',
  completed: 'marked the offer completed',
  signed: 'signed the agreement',
  funded: 'funded the payment',
  released: 'released the payment',
}

/** @type {Partial<Record<string, {label: string, badge: string}>>} */
export const DRAFT_STATUS = {
  submitted: { label: 'Waiting for review', badge: 'text-bg-warning' },
  approved: { label: 'Approved', badge: 'text-bg-success' },
  changes_requested: { label: 'Changes requested', badge: 'text-bg-danger' },
  superseded: { label: 'Replaced by a newer version', badge: 'text-bg-secondary' },
}

/** @type {Array<[string, string]>} */
export const PLATFORMS = [
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['youtube', 'YouTube'],
  ['linkedin', 'LinkedIn'],
]

export const platformName = (/** @type {string | undefined} */ p) => PLATFORMS.find(([v]) => v === p)?.[1] ?? p

/**
 * missingWords says what a caption lacks: "disclosure" → the paid-partnership words, "#tag" as is.
 * @param {string[] | null | undefined} missing
 */
export function missingWords(missing) {
  return (missing ?? []).map((m) => (m === 'disclosure' ? 'a paid-partnership word (#ad, #sponsored…)' : `the campaign tag ${m}`)).join(' and ')
}

/** itemNumber is the number of an item's _id ("message-12" → "12"). */
export const itemNumber = (/** @type {{_id: string}} */ item) => String(item._id).split('-').pop() ?? ''
