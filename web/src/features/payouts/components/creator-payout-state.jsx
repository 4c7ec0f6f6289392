import { useCreatorPayoutAccount } from '../api/account'
import { ACCOUNT_STATES, requirementNames } from './payment-labels'

/**
 * CreatorPayoutState is a creator's payouts state as an ADMIN reads it in the creator list: the state and what the
 * provider still asks for. Read only: only the creator sets up or changes payouts.
 * @param {{userId: string}} props
 */
export function CreatorPayoutState({ userId }) {
  const { data: a, error } = useCreatorPayoutAccount(userId)
  if (error) return <span className="small text-danger">Could not load</span>
  if (!a) return <span className="small text-secondary">Loading…</span>
  const st = ACCOUNT_STATES[a.state] ?? ACCOUNT_STATES.not_set_up
  const asks = requirementNames(a.requirements)
  return (
    <div className="small">
      <span className={`badge ${st.badge}`}>{st.label}</span>
      {asks.length > 0 && <div>Asks for: {asks.join(', ')}</div>}
    </div>
  )
}
