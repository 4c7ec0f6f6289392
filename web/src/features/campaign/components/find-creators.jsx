import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'

/** focusRoster moves to the roster's "Generate roster" form below the campaign. */
function focusRoster() {
  const form = document.querySelector('form[aria-label="Generate roster"]')
  form?.scrollIntoView({ block: 'center' })
  const button = /** @type {HTMLElement | null | undefined} */ (form?.querySelector('button[type="submit"]'))
  button?.focus()
}

/**
 * FindCreators is the next step after Publish: generate a roster from the
 * campaign's criteria, or open the creator network. It takes focus when shown.
 */
export function FindCreators() {
  const ref = useRef(/** @type {HTMLElement | null} */ (null))
  useEffect(() => ref.current?.focus(), [])
  return (
    <section ref={ref} tabIndex={-1} className="alert alert-success mb-0" aria-labelledby="find-creators-title">
      <h2 id="find-creators-title" className="h5">
        Find creators
      </h2>
      <p className="mb-2">Your campaign is published. Next, find the creators to send offers to.</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={focusRoster}>
          Generate a roster
        </button>
        <Link to="/creator-network" className="btn btn-outline-primary btn-sm">
          Open the creator network
        </Link>
      </div>
    </section>
  )
}
