import { formatMoney } from '../../../lib/format'

const pct = (part, whole) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0)

/** OfferTotals shows the offered and accepted totals against the budget as one stacked bar. */
export function OfferTotals({ budget, offered, accepted }) {
  const acc = pct(accepted, budget)
  const off = Math.max(0, pct(offered, budget) - acc)
  return (
    <section aria-label="Offer totals" className="mb-3">
      <p className="small mb-1 d-flex flex-wrap gap-3">
        <span>
          Offered <strong data-testid="offered-total">{formatMoney(offered)}</strong>
        </span>
        <span>
          Accepted <strong data-testid="accepted-total">{formatMoney(accepted)}</strong>
        </span>
        <span className="text-secondary">Budget {formatMoney(budget)}</span>
      </p>
      <div className="progress-stacked" style={{ height: '0.9rem' }}>
        <div className="progress" role="progressbar" aria-label="Accepted of budget" aria-valuenow={acc} aria-valuemin={0} aria-valuemax={100} style={{ width: `${acc}%` }}>
          <div className="progress-bar bg-success" />
        </div>
        <div className="progress" role="progressbar" aria-label="Offered, not yet accepted, of budget" aria-valuenow={off} aria-valuemin={0} aria-valuemax={100} style={{ width: `${off}%` }}>
          <div className="progress-bar bg-primary" />
        </div>
      </div>
    </section>
  )
}
