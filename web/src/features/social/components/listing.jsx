import { useState } from 'react'
import { ChoiceSwitch, ErrorLine, useSaveChoice } from './choice-switch'
import { useAuth } from '../../../lib/auth-store'
import { useListing, useSetListing } from '../api/listing'

export const LISTING_QUESTION = 'List me in the creator network so brands can find me and send offers'
export const LISTING_SENTENCE =
  'Brands see your name, niche, location, handles and headline figures (followers, engagement rate); never your e-mail.'

/** useListingChoice loads the creator's listing and saves a new answer, with a busy flag and an error. */
function useListingChoice() {
  const listing = useListing()
  return { listing, ...useSaveChoice(useSetListing()) }
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
    <ChoiceSwitch
      id="cc-listing-switch"
      headingId="cc-listing"
      heading="Creator network"
      label={LISTING_QUESTION}
      on={on}
      disabled={busy || !listing.data}
      onChange={() => choose(!on)}
      error={error}
    >
      {LISTING_SENTENCE} Turned off, brands no longer find you in search, rosters or profiles; offers already sent stay.
    </ChoiceSwitch>
  )
}
