import { useState } from 'react'
import { useAuth } from '../../../lib/auth-store'
import { useListing, useSetListing } from '../api/listing'

export const LISTING_QUESTION = 'List me in the creator network so brands can find me and send offers'
export const LISTING_SENTENCE =
  'Brands see your name, niche, location, handles and headline figures (followers, engagement rate); never your e-mail.'

/** useListingChoice loads the creator's listing and saves a new answer, with a busy flag and an error. */
function useListingChoice() {
  const listing = useListing()
  const save = useSetListing()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  /** @param {boolean} listed */
  const choose = async (listed) => {
    setBusy(true)
    setError('')
    try {
      await save(listed)
    } catch (e) {
      setError((e instanceof Error && e.message) || 'Failed to save your choice. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return { listing, choose, busy, error }
}

/** @param {{error: string}} props */
function ErrorLine({ error }) {
  if (!error) return null
  return (
    <p className="small text-danger mb-0 mt-1" role="alert">
      {error}
    </p>
  )
}

/**
 * ListingQuestion asks a creator who connected an account and never answered the one question: list me in the
 * creator network. Unticked until the creator ticks it; "Save my answer" records either answer. Nothing once
 * answered (the switch in the settings changes it) or for other roles.
 * @param {{hasAccount: boolean}} props
 */
export function ListingQuestion({ hasAccount }) {
  const { role } = useAuth()
  const { listing, choose, busy, error } = useListingChoice()
  const [ticked, setTicked] = useState(false)
  if (role !== 'USER' || !hasAccount || !listing.data || listing.data.answered) return null
  return (
    <section className="card border-primary" aria-labelledby="cc-listing-question">
      <div className="card-body">
        <h2 id="cc-listing-question" className="h6 fw-bold">
          Be found by brands
        </h2>
        <div className="form-check">
          <input id="cc-listing-tick" className="form-check-input" type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
          <label className="form-check-label" htmlFor="cc-listing-tick">
            {LISTING_QUESTION}
          </label>
        </div>
        <p className="small text-secondary mt-1 mb-2">{LISTING_SENTENCE}</p>
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => choose(ticked)}>
          Save my answer
        </button>
        <ErrorLine error={error} />
      </div>
    </section>
  )
}

/**
 * ListingSwitch is the creator's switch in the settings: on lists them in the creator network, off unlists them
 * at once (brands no longer find them; offers already sent stay). Nothing for other roles.
 */
export function ListingSwitch() {
  const { role } = useAuth()
  const { listing, choose, busy, error } = useListingChoice()
  if (role !== 'USER') return null
  const on = listing.data?.listed === true
  return (
    <section className="card" aria-labelledby="cc-listing">
      <div className="card-body">
        <h2 id="cc-listing" className="h6 fw-bold">
          Creator network
        </h2>
        <div className="form-check form-switch">
          <input
            id="cc-listing-switch"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={on}
            disabled={busy || !listing.data}
            onChange={() => choose(!on)}
          />
          <label className="form-check-label" htmlFor="cc-listing-switch">
            {LISTING_QUESTION}
          </label>
        </div>
        <p className="small text-secondary mb-0 mt-1">
          {LISTING_SENTENCE} Turned off, brands no longer find you in search, rosters or profiles; offers already sent stay.
        </p>
        <ErrorLine error={error} />
      </div>
    </section>
  )
}
