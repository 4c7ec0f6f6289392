const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** formatBudget shows a dollar amount without cents: $12,500. */
export function formatBudget(n) {
  return Number.isFinite(Number(n)) ? usd.format(Number(n)) : '—'
}

/** formatDate shows a YYYY-MM-DD date as 'Mar 5, 2027' without shifting it by time zone. */
export function formatDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || '')
  if (!m) return '—'
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
}
