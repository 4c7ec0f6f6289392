// The app's formatters: dates, money, counts, follower counts, percentages, file sizes.
// Anything missing or unreadable shows as a dash.

const DASH = '—'
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const dateOptions = { month: 'short', day: 'numeric', year: 'numeric' }

const finite = (n) => n !== null && n !== undefined && n !== '' && Number.isFinite(Number(n))

/**
 * formatDate shows a day as 'Mar 5, 2027'. A calendar date (YYYY-MM-DD) is shown
 * as written, never shifted by time zone; a timestamp is shown in local time.
 */
export function formatDate(value) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || '')
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : value ? new Date(value) : null
  return d && !Number.isNaN(d.getTime()) ? d.toLocaleDateString('en-US', dateOptions) : DASH
}

/** formatDateTime shows a timestamp as a short local date and time: 'Nov 20, 3:04 PM'. */
export function formatDateTime(value) {
  const d = value ? new Date(value) : null
  if (!d || Number.isNaN(d.getTime())) return DASH
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** formatMoney shows dollars without cents: $12,500. */
export function formatMoney(n) {
  return finite(n) ? usd.format(Number(n)) : DASH
}

/** formatCount shows a number with thousands separators: 12,500. */
export function formatCount(n) {
  return finite(n) ? Number(n).toLocaleString('en-US') : DASH
}

/** COUNT_CAP: list totals are exact below it; at or above it the server caps or estimates them. */
export const COUNT_CAP = 10000

/** formatTotal shows a list total, "10,000+" once it reaches the cap. */
export function formatTotal(total) {
  const n = Number(total) || 0
  return n >= COUNT_CAP ? `${formatCount(COUNT_CAP)}+` : formatCount(n)
}

function oneDecimal(x) {
  return x >= 100 ? String(Math.round(x)) : x.toFixed(1).replace(/\.0$/, '')
}

/** formatFollowers shows a following compactly: 950, 12.5K, 2.2M. */
export function formatFollowers(n) {
  if (!finite(n)) return DASH
  const v = Number(n)
  if (v < 1000) return String(v)
  if (v < 1_000_000) return `${oneDecimal(v / 1000)}K`
  return `${oneDecimal(v / 1_000_000)}M`
}

/** formatPercent shows a rate already in percent with one decimal: 4.2%. */
export function formatPercent(rate) {
  return finite(rate) ? `${Number(rate).toFixed(1)}%` : DASH
}

/** formatSize shows a byte count as B, KB or MB with one decimal; empty when unknown. */
export function formatSize(bytes) {
  if (!Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** initials of a name for an avatar: 'Ava Dubois' → 'AD'; '?' without a name. */
export function initials(name) {
  const letters = (name || '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('')
  return letters || '?'
}
