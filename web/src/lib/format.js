// The app's formatters: dates, money and prices, counts, follower counts, percentages, file sizes.
// Anything missing or unreadable shows as a dash.

const DASH = '—'
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
/** @type {Intl.DateTimeFormatOptions} */
const dateOptions = { month: 'short', day: 'numeric', year: 'numeric' }

/** @typedef {number | string | null | undefined} Num A number, or its text; missing or unreadable shows as a dash. */

const finite = (/** @type {unknown} */ n) => n !== null && n !== undefined && n !== '' && Number.isFinite(Number(n))

/**
 * formatDate shows a day as 'Mar 5, 2027'. A calendar date (YYYY-MM-DD) is shown
 * as written, never shifted by time zone; a timestamp is shown in local time.
 * @param {string | null | undefined} value
 */
export function formatDate(value) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || '')
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : value ? new Date(value) : null
  return d && !Number.isNaN(d.getTime()) ? d.toLocaleDateString('en-US', dateOptions) : DASH
}

/**
 * formatDateTime shows a timestamp as a short local date and time: 'Nov 20, 3:04 PM'.
 * @param {string | number | Date | null | undefined} value
 */
export function formatDateTime(value) {
  const d = value ? new Date(value) : null
  if (!d || Number.isNaN(d.getTime())) return DASH
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/**
 * formatMoney shows dollars without cents: $12,500.
 * @param {Num} n
 */
export function formatMoney(n) {
  return finite(n) ? usd.format(Number(n)) : DASH
}

/**
 * formatUnitCost shows a cost per unit (CPM, cost per engagement or per view) with cents, and below 10 cents
 * with three significant digits: $12.40, $0.85, $0.0123.
 * @param {Num} n
 */
export function formatUnitCost(n) {
  if (!finite(n)) return DASH
  const v = Number(n)
  if (v !== 0 && Math.abs(v) < 0.1) return `$${v.toPrecision(3)}`
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)
}

/**
 * formatAmount shows an amount in the currency's smallest unit (cents, as the
 * payment provider counts): 1900 usd → '$19', 999 → '$9.99'.
 * @param {Num} cents
 * @param {string | null} [currency]
 */
export function formatAmount(cents, currency = 'usd') {
  if (!finite(cents)) return DASH
  const v = Number(cents) / 100
  const digits = Number.isInteger(v) ? 0 : 2
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: (currency || 'usd').toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v)
  } catch {
    return `${v.toFixed(digits)} ${String(currency).toUpperCase()}`
  }
}

/**
 * formatPrice shows a plan's price per interval: '$19 / month', '$190 / year'.
 * @param {Num} cents
 * @param {string | null} [currency]
 * @param {string | null} [interval]
 */
export function formatPrice(cents, currency, interval) {
  return interval ? `${formatAmount(cents, currency)} / ${interval}` : formatAmount(cents, currency)
}

/**
 * formatCount shows a number with thousands separators: 12,500.
 * @param {Num} n
 */
export function formatCount(n) {
  return finite(n) ? Number(n).toLocaleString('en-US') : DASH
}

/** COUNT_CAP: list totals are exact below it; at or above it the server caps or estimates them. */
export const COUNT_CAP = 10000

/**
 * formatTotal shows a list total, "10,000+" once it reaches the cap; an
 * estimated total (the answer's totalEstimated) as "about 1,300", rounded
 * to two significant digits.
 * @param {Num} total
 * @param {boolean} [estimated]
 */
export function formatTotal(total, estimated = false) {
  const n = Number(total) || 0
  if (n >= COUNT_CAP) return `${formatCount(COUNT_CAP)}+`
  if (!estimated) return formatCount(n)
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1)
  return `about ${formatCount(Math.round(n / step) * step)}`
}

/** @param {number} x */
function oneDecimal(x) {
  return x >= 100 ? String(Math.round(x)) : x.toFixed(1).replace(/\.0$/, '')
}

/**
 * formatCompact shows a number compactly: 950, 12.5K, 2.2M, -1.5K. With step
 * (the gap between neighbouring values, as on a chart axis) it shows enough
 * decimals to tell the neighbours apart: 102.5K, 103.0K.
 * @param {Num} n
 * @param {number} [step]
 */
export function formatCompact(n, step = 0) {
  if (!finite(n)) return DASH
  const v = Number(n)
  const a = Math.abs(v)
  const [unit, suffix] = a >= 1_000_000 ? [1_000_000, 'M'] : a >= 1000 ? [1000, 'K'] : [1, '']
  const sign = v < 0 ? '-' : ''
  if (step > 0) {
    const decimals = Math.min(2, Math.max(0, Math.ceil(-Math.log10(step / unit) - 1e-9)))
    return `${sign}${(a / unit).toFixed(decimals)}${suffix}`
  }
  return unit === 1 ? String(Math.round(v * 10) / 10) : `${sign}${oneDecimal(a / unit)}${suffix}`
}

/**
 * formatFollowers shows a following compactly: 950, 12.5K, 2.2M.
 * @param {Num} n
 */
export function formatFollowers(n) {
  return formatCompact(n)
}

/**
 * formatPercent shows a rate already in percent with one decimal: 4.2%.
 * @param {Num} rate
 */
export function formatPercent(rate) {
  return finite(rate) ? `${Number(rate).toFixed(1)}%` : DASH
}

/**
 * formatSize shows a byte count as B, KB or MB with one decimal; empty when unknown.
 * @param {number | null | undefined} bytes
 */
export function formatSize(bytes) {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * initials of a name for an avatar: 'Ava Dubois' → 'AD'; '?' without a name.
 * @param {string | null | undefined} name
 */
export function initials(name) {
  const letters = (name || '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('')
  return letters || '?'
}
