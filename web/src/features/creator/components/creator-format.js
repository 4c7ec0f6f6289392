/** @typedef {{gender?: Record<string, number>, platforms?: string[], basis?: string} | null | undefined} Audience */

/**
 * audienceLead names the largest audience gender share, e.g. '74% female'; null when unknown.
 * @param {Audience} audience
 */
export function audienceLead(audience) {
  const g = audience?.gender
  if (!g) return null
  const top = Object.entries(g).sort((a, b) => b[1] - a[1])[0]
  return top ? `${Math.round(top[1])}% ${top[0]}` : null
}

/**
 * audienceBasisText says where an audience split comes from: the platforms it is measured from, or imported
 * with the network entry; null without an audience.
 * @param {Audience} audience
 */
export function audienceBasisText(audience) {
  if (!audience) return null
  const from = audience.platforms?.length ? audience.platforms.join(' and ') : null
  return audience.basis === 'measured'
    ? `Measured from ${from || 'the connected accounts'}${(audience.platforms?.length ?? 0) > 1 ? ', blended by followers' : ''}.`
    : 'Imported with the creator’s network entry, not measured.'
}
