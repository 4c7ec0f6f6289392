import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CardSection } from '../../../components/card-section'
import { ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { errorMessage } from '../../../lib/error-message'
import { useAuth } from '../../../lib/auth-store'
import { ROLES } from '../../../config/roles'
import { payoutLoginLink, usePayoutAccount, useSetUpPayouts } from '../api/account'
import { ACCOUNT_STATES, requirementNames } from './payment-labels'

/**
 * PayoutAccount is the creator's "Payouts" page in their settings: the payout account's state (not set up, details
 * needed with what the provider asks, verifying, ready, restricted), "Set up payouts" (makes the account and follows
 * the provider's onboarding link, which returns here), and the link to the provider's dashboard. Coming back from
 * the onboarding (?returned=1 or ?refresh=1) it reads the account from the provider.
 */
export function PayoutAccount() {
  const [params] = useSearchParams()
  const returned = params.has('returned') || params.has('refresh')
  const swr = usePayoutAccount(returned)
  const setUp = useSetUpPayouts()
  const [busy, setBusy] = useState(false)
  /** @param {() => Promise<string>} call */
  const follow = async (call) => {
    setBusy(true)
    try {
      const url = await call()
      window.location.assign(url)
    } catch (err) {
      toast.error(errorMessage(err, 'Something went wrong. Please try again.'))
      setBusy(false)
    }
  }
  return (
    <div className="d-flex flex-column gap-4">
      <CardSection title="Payouts" titleId="payouts-heading">
        <ListState swr={swr} loadingLabel="Loading your payouts…">
          {(a) => {
            const st = ACCOUNT_STATES[a.state] ?? ACCOUNT_STATES.not_set_up
            const asks = requirementNames(a.requirements)
            return (
              <>
                <p className="mb-2">
                  <span className={`badge ${st.badge}`} data-testid="payout-state">
                    {st.label}
                  </span>
                  {a.updatedAt && <span className="small text-secondary ms-2">as of {formatDateTime(a.updatedAt)}</span>}
                </p>
                <p className="mb-2">{st.text}</p>
                {a.state === 'details_needed' && asks.length > 0 && (
                  <>
                    <p className="small mb-1">The payment provider asks for:</p>
                    <ul className="small mb-3">
                      {asks.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </>
                )}
                <div className="d-flex flex-wrap gap-2">
                  {a.state === 'not_set_up' && (
                    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => follow(async () => (await setUp()).url)}>
                      {busy ? 'Opening…' : 'Set up payouts'}
                    </button>
                  )}
                  {a.state === 'details_needed' && (
                    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => follow(async () => (await setUp()).url)}>
                      {busy ? 'Opening…' : 'Add the missing details'}
                    </button>
                  )}
                  {a.state !== 'not_set_up' && (
                    <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => follow(payoutLoginLink)}>
                      Open the payouts dashboard
                    </button>
                  )}
                </div>
              </>
            )
          }}
        </ListState>
        <p className="small text-secondary mt-3 mb-0">
          Brands pay when an offer is accepted; you are paid automatically after your tagged post is captured and the brand&apos;s
          review window passes. You pay no fee. <Link to="/earnings">Your earnings</Link>
        </p>
      </CardSection>
    </div>
  )
}

/** PayoutsLink is the Settings page's way to the creator's Payouts page. */
export function PayoutsLink() {
  const { role } = useAuth()
  if (role !== ROLES.USER) return null
  return (
    <CardSection title="Payouts">
      <p className="mb-2">Get paid for the offers you accept, automatically after your tagged post is captured.</p>
      <Link to="/account-settings/payouts" className="btn btn-outline-primary">
        Manage payouts
      </Link>
    </CardSection>
  )
}
