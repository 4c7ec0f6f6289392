/** formatFollowers shows a following compactly: 950, 12.5K, 2.2M. */
export function formatFollowers(n) {
  const v = Number(n)
  if (!Number.isFinite(v)) return '—'
  if (v < 1000) return String(v)
  if (v < 1_000_000) return `${trim(v / 1000)}K`
  return `${trim(v / 1_000_000)}M`
}

function trim(x) {
  return x >= 100 ? String(Math.round(x)) : x.toFixed(1).replace(/\.0$/, '')
}

/** formatEngagement shows an engagement rate in percent, or a dash when unknown. */
export function formatEngagement(rate) {
  return rate === null || rate === undefined || !Number.isFinite(Number(rate)) ? '—' : `${Number(rate).toFixed(1)}%`
}

/** initials of a name for the avatar. */
export function initials(name) {
  return (name || '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('')
}

/** audienceLead names the largest audience gender share, e.g. '74% female'; null when unknown. */
export function audienceLead(audience) {
  const g = audience?.gender
  if (!g) return null
  const top = Object.entries(g).sort((a, b) => b[1] - a[1])[0]
  return top ? `${Math.round(top[1])}% ${top[0]}` : null
}
