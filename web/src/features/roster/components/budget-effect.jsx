import { formatMoney } from '../../../lib/format'
import { moveEffect, overBudgetText } from '../lib/budget'
import { Slot } from '../../../components/slot'

/**
 * BudgetEffect shows, inside a confirmation of a move that commits money, the campaign's budget (agreed, offered,
 * still free) and the move's effect; over the budget it says by how much ("This is $25,071 over the remaining
 * budget"), which the confirmation then states explicitly. Phrasing content only: it sits in the dialog's text.
 * @param {{roster: import('../lib/budget').BudgetRoster | null | undefined, entryId: string, amount: number}} props
 */
export function BudgetEffect({ roster, entryId, amount }) {
  if (!roster) return null
  const m = moveEffect(roster, entryId, amount)
  return (
    <span className="d-block small text-start border rounded p-2 mt-2" aria-label="Campaign budget" role="group">
      <span className="d-block">
        Budget {formatMoney(m.budget)}: agreed {formatMoney(m.agreed)}, offered {formatMoney(m.offered)}, still free {formatMoney(m.free)}
      </span>
      <span className="d-block">
        This move: {formatMoney(m.amount)}, leaving {formatMoney(m.freeAfter)} free
      </span>
      {m.overBy > 0 && (
        <span className="d-block fw-semibold text-danger mt-1" role="alert">
          {overBudgetText(m.overBy)}.
        </span>
      )}
      <Slot name="platformFee" amount={m.amount} />
    </span>
  )
}
