import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useAuth } from '../../../lib/auth-store'
import { useViewerRole } from '../../../lib/viewer-role'
import { formatDate, formatMoney } from '../../../lib/format'
import { checkClaim, claimProfile } from '../api/claims'

/**
 * ClaimPage opens an invitation's claim link: what the brand offers, then sign up with the invited e-mail
 * (prefilled, verified by the usual code) or log in when that account exists; back here signed in as a creator,
 * "Claim my profile" links the network entry and opens the offers.
 * @param {{token: string}} props
 */
export function ClaimPage({ token }) {
  const { isAuthenticated } = useAuth()
  // Back from sign-up and verification the session is new here (no app shell loaded the profile): load the role.
  const role = useViewerRole()
  const navigate = useNavigate()
  const [claim, setClaim] = useState(/** @type {any} */ (null))
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    checkClaim(token)
      .then((c) => live && setClaim(c))
      .catch((e) => live && setError(e?.message || 'This link cannot be used.'))
    return () => {
      live = false
    }
  }, [token])

  const back = { from: { pathname: `/claim/${encodeURIComponent(token)}` } }
  const onClaim = async () => {
    setBusy(true)
    setError('')
    try {
      await claimProfile(token)
      navigate('/my-offers', { replace: true })
    } catch (e) {
      setError((e instanceof Error && e.message) || 'Failed to claim your profile. Please try again.')
      setBusy(false)
    }
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-3">Your offer</h1>
      {!claim && !error && (
        <p role="status" className="text-secondary">
          Loading the offer…
        </p>
      )}
      {error && (
        <div className="alert alert-warning" role="alert">
          {error}
        </div>
      )}
      {claim && (
        <>
          <dl className="row mb-3">
            <dt className="col-5">Brand</dt>
            <dd className="col-7">{claim.brandName}</dd>
            <dt className="col-5">Campaign</dt>
            <dd className="col-7">{claim.campaignName}</dd>
            <dt className="col-5">Amount</dt>
            <dd className="col-7">{formatMoney(claim.amount)}</dd>
            <dt className="col-5">Answer by</dt>
            <dd className="col-7">{formatDate(claim.deadline)}</dd>
          </dl>
          {isAuthenticated && role === 'USER' && (
            <button type="button" className="btn btn-primary w-100" disabled={busy} onClick={onClaim}>
              Claim my profile and open the offer
            </button>
          )}
          {isAuthenticated && role && role !== 'USER' && (
            <p className="text-secondary">Log out and sign in as the creator {claim.email} to claim this profile.</p>
          )}
          {!isAuthenticated && claim.hasAccount && (
            <>
              <p className="text-secondary">An account with {claim.email} exists: log in to claim your profile.</p>
              <Link className="btn btn-primary w-100" to="/login" state={back}>
                Log in
              </Link>
            </>
          )}
          {!isAuthenticated && !claim.hasAccount && (
            <>
              <p className="text-secondary">Create your free creator account with {claim.email} to claim your profile and answer.</p>
              <Link className="btn btn-primary w-100" to="/signup" state={{ ...back, email: claim.email }}>
                Sign up to answer
              </Link>
            </>
          )}
        </>
      )}
    </>
  )
}
