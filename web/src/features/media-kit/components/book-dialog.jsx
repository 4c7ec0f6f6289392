import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useBrandCampaigns } from '../api/get-brand-campaigns'
import { bookFromKit } from '../api/book-from-kit'
import { formatAmount } from '../../../lib/format'
import { ApiError } from '../../../lib/request'
import { Modal } from '../../../components/modal'

/**
 * BookDialog books a rate-card line of the kit on one of the brand's draft or active campaigns: one draft offer at
 * that price on its roster (booking the same line again answers the same draft). `line` null closes it.
 * @param {{slug: string, line: import('../../../lib/api-types').Schema<'KitRateLine'> | null, onClose: () => void}} props
 */
export function BookDialog({ slug, line, onClose }) {
  const titleId = useId()
  const selectId = useId()
  const selectRef = useRef(/** @type {HTMLSelectElement | null} */ (null))
  const { data } = useBrandCampaigns(Boolean(line))
  const campaigns = (data || []).filter((c) => c.status === 'draft' || c.status === 'active')
  const [campaignId, setCampaignId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState(/** @type {{created: boolean, campaign: string} | null} */ (null))

  useEffect(() => {
    if (!line) return
    setCampaignId('')
    setError('')
    setDone(null)
    selectRef.current?.focus()
  }, [line, onClose])

  if (!line) return null
  const book = async () => {
    if (!campaignId) {
      setError('Choose a campaign')
      return
    }
    setBusy(true)
    setError('')
    try {
      const res = await bookFromKit(slug, { campaignId, rateCardLineId: line.id })
      setDone({ created: res.created, campaign: campaigns.find((c) => c._id === campaignId)?.campaignName || 'the campaign' })
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : null
      setError(fields?.campaignId || fields?.rateCardLineId || (err instanceof Error && err.message) || 'Could not book this creator. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="modal-body p-4">
        <h2 id={titleId} className="h5 fw-bold mb-2">
          Book: {line.label}, {formatAmount(line.priceCents)}
        </h2>
        {done ? (
          <>
            <p role="status">
              {done.created ? 'A draft offer' : 'The draft offer you booked before'} at {formatAmount(line.priceCents)} is on the roster of {done.campaign}. Send it from
              the campaign when you are ready.
            </p>
            <div className="d-flex gap-2 justify-content-end">
              <Link to="/campaigns" className="btn btn-primary">
                Go to campaigns
              </Link>
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-secondary small">The creator is added to the campaign's roster as a draft offer at this price; nothing is sent yet.</p>
            <label htmlFor={selectId} className="form-label">
              Campaign
            </label>
            <select
              id={selectId}
              ref={selectRef}
              className={`form-select mb-2${error ? ' is-invalid' : ''}`}
              value={campaignId}
              onChange={(e) => setCampaignId(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${selectId}-error` : undefined}
            >
              <option value="">Choose a draft or active campaign</option>
              {campaigns.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.campaignName}
                </option>
              ))}
            </select>
            {error && (
              <div id={`${selectId}-error`} className="invalid-feedback d-block" role="alert">
                {error}
              </div>
            )}
            {data && campaigns.length === 0 && (
              <p className="small">
                No draft or active campaign yet: <Link to="/create-campaign">create one</Link>.
              </p>
            )}
            <div className="d-flex gap-2 justify-content-end mt-3">
              <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
                Cancel
              </button>
              <button type="button" className="btn btn-primary" onClick={book} disabled={busy}>
                {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                Add draft offer
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  )
}
