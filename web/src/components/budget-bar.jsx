import { formatMoney } from '../lib/format'

const pct = (/** @type {number} */ part, /** @type {number} */ whole) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0)

/**
 * BudgetBar is a campaign budget as one stacked bar: each segment is a running total (the next one includes the
 * ones before), drawn as the share of the budget it adds, with its accessible name and bar colour.
 * @param {{budget: number, segments: {label: string, total: number, barClass: string}[], className?: string, style?: object}} props
 */
export function BudgetBar({ budget, segments, className = '', style }) {
  let before = 0
  return (
    <div className={`progress-stacked ${className}`} style={style}>
      {segments.map((s) => {
        const upTo = pct(s.total, budget)
        const width = Math.max(0, upTo - before)
        before = Math.max(before, upTo)
        return (
          <div key={s.label} className="progress" role="progressbar" aria-label={s.label} aria-valuenow={width} aria-valuemin={0} aria-valuemax={100} style={{ width: `${width}%` }}>
            <div className={`progress-bar ${s.barClass}`} />
          </div>
        )
      })}
    </div>
  )
}

/**
 * BudgetFigure is one labelled money figure of a budget line: "label <strong>amount</strong>after".
 * @param {{label: string, amount: number, testId?: string, after?: string}} props
 */
export function BudgetFigure({ label, amount, testId, after }) {
  return (
    <span>
      {label} <strong data-testid={testId}>{formatMoney(amount)}</strong>
      {after}
    </span>
  )
}
