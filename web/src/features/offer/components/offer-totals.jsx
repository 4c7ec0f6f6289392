import { formatMoney } from '../../../lib/format'
import { BudgetBar, BudgetFigure } from '../../../components/budget-bar'

/**
 * OfferTotals shows the offered and accepted totals against the budget as one stacked bar, with the real
 * percentage and an over-budget state.
 * @param {{budget: number, offered: number, accepted: number}} props
 */
export function OfferTotals({ budget, offered, accepted }) {
  // offered is the running total (it includes the accepted amounts): its real share of the budget, never capped.
  const committed = Math.max(offered, accepted)
  const over = budget > 0 && committed > budget
  return (
    <section aria-label="Offer totals" className="mb-3">
      <p className="small mb-1 d-flex flex-wrap gap-3">
        <BudgetFigure label="Offered" amount={offered} testId="offered-total" />
        <BudgetFigure label="Accepted" amount={accepted} testId="accepted-total" />
        <span className="text-secondary">Budget {formatMoney(budget)}</span>
        {budget > 0 && (
          <span className={over ? 'text-danger fw-semibold' : 'text-secondary'} data-testid="budget-percent">
            {Math.round((committed / budget) * 100)}% of budget{over ? `, over budget by ${formatMoney(committed - budget)}` : ''}
          </span>
        )}
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
