import { useState } from 'react'
import { useAuth } from '../../../lib/auth-store'
import { useAnalyticsSharing, useSetAnalyticsSharing } from '../api/analytics-sharing'

/**
 * AnalyticsSharing is a creator's switch "Share my detailed analytics with brands" (off until turned on), with
 * one sentence on what it means. Shown in the account settings and where accounts are connected; nothing for
 * other roles.
 */
export function AnalyticsSharing() {
  const { role } = useAuth()
  const sharing = useAnalyticsSharing()
  const save = useSetAnalyticsSharing()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (role !== 'USER') return null
  const on = sharing.data === true
  const toggle = async () => {
    setBusy(true)
    setError('')
    try {
      await save(!on)
    } catch (e) {
      setError((e instanceof Error && e.message) || 'Failed to save your choice. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card" aria-labelledby="cc-sharing">
      <div className="card-body">
        <h2 id="cc-sharing" className="h6 fw-bold">
          What brands see
        </h2>
        <div className="form-check form-switch">
          <input
            id="cc-share-analytics"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={on}
            disabled={busy || sharing.data === undefined}
            onChange={toggle}
          />
          <label className="form-check-label" htmlFor="cc-share-analytics">
            Share my detailed analytics with brands
          </label>
        </div>
        <p className="small text-secondary mb-0 mt-1">
          Brands always see your followers and engagement rate; with this on they also see your audience split and
          daily trends. Your e-mail is never shown to brands.
        </p>
        {error && (
          <p className="small text-danger mb-0 mt-1" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}
