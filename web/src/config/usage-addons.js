/** USAGE_ADD_ON names a paid usage add-on (an extra amount on top of the fee) as the agreement lists it. */
export const USAGE_ADD_ON = { '30_days': 'Paid usage for 30 days (add-on)', unlimited: 'Unlimited paid usage (add-on)' }

/**
 * priceLines are an offer's priced lines as the agreement states them, in cents: the fee, each paid usage add-on,
 * and the total when there are add-ons (a fee alone is its own total).
 * @param {number} feeCents
 * @param {Array<{usage: string, amountCents: number}> | null | undefined} addOns
 * @returns {Array<[string, number]>}
 */
export function priceLines(feeCents, addOns) {
  /** @type {Array<[string, number]>} */
  const lines = [['Fee', feeCents]]
  /** @type {Partial<Record<string, string>>} */
  const names = USAGE_ADD_ON
  for (const a of addOns ?? []) lines.push([names[a.usage] ?? a.usage, a.amountCents])
  if (lines.length > 1) lines.push(['Total', lines.reduce((sum, [, cents]) => sum + cents, 0)])
  return lines
}
