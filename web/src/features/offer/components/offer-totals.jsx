import { formatMoney } from '../../../lib/format'
import { BudgetBar } from '../../../components/budget-bar'

/** OfferTotals shows the offered and accepted totals against the budget as one stacked bar. */
export function OfferTotals({ budget, offered, accepted }) {
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
      <BudgetBar
        budget={budget}
        style={{ height: '0.9rem' }}
        segments={[
          { label: 'Accepted of budget', total: accepted, barClass: 'bg-success' },
          { label: 'Offered, not yet accepted, of budget', total: Math.max(offered, accepted), barClass: 'bg-primary' },
        ]}
      />
    </section>
  )
}
