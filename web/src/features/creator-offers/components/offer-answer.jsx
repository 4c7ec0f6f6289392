import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatMoney } from '../../../lib/format'
import { errorMessage } from '../../../lib/error-message'
import { ApiError } from '../../../lib/request'
import { toast } from '../../../lib/toast'
import { useCounterOffer } from '../api/counter-offer'
import { useDeclineOffer } from '../api/decline-offer'

/**
 * OfferAnswer is the creator's controls on a waiting offer: "Review and sign" (accepting is signing the
 * agreement: `onReview` opens it), Counter (amount and message) and Decline (reason), each confirmed in a dialog.
 * The moves shown are the offer's `next` from the server.
 * @param {{offer: import('../../../lib/api-types').Schema<'CreatorOffer'>, onReview?: () => unknown, reviewing?: boolean}} props
 */
export function OfferAnswer({ offer, onReview = undefined, reviewing = false }) {
  const id = useId()
  const [mode, setMode] = useState(/** @type {'counter' | 'decline' | null} */ (null))
  const [confirm, setConfirm] = useState(/** @type {'counter' | 'decline' | null} */ (null))
  const [busy, setBusy] = useState(false)
  const [amount, setAmount] = useState('')
  const [message, setMessage] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}))
  const counter = useCounterOffer()
  const decline = useDeclineOffer()
  const next = offer.next ?? []
  const brand = offer.brand?.name

  const check = (/** @type {import('react').FormEvent} */ e) => {
    e.preventDefault()
    const errs = /** @type {Record<string, string>} */ ({})
    if (mode === 'counter') {
      const n = Number(amount)
      if (!amount || !Number.isFinite(n) || n < 1 || n > 1000000) errs.amount = 'Enter an amount between $1 and $1,000,000'
      if (message.length > 500) errs.message = 'The message must be at most 500 characters'
    } else if (!reason.trim() || reason.length > 500) {
      errs.reason = 'Tell the brand why you decline (at most 500 characters)'
    }
    setErrors(errs)
    if (Object.keys(errs).length === 0) setConfirm(mode)
  }

  const run = async () => {
    setBusy(true)
    try {
      const done = confirm === 'counter' ? await counter(offer._id, { amount, message: message.trim() }) : await decline(offer._id, reason.trim())
      toast.success(done?.message || 'Offer updated')
      setConfirm(null)
      setMode(null)
    } catch (err) {
      setConfirm(null)
      const fields = err instanceof ApiError ? err.fields : null
      if (fields) setErrors({ amount: fields.amount, message: fields.message, reason: fields.reason })
      toast.error(errorMessage(err, 'Could not answer the offer. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  const dialog = {
    counter: { title: 'Send this counter?', body: `${brand} will be asked for ${formatMoney(Number(amount))} instead of ${formatMoney(offer.amount)}.`, label: 'Send counter' },
    decline: { title: 'Decline this offer?', body: `${brand} will be told you decline. This cannot be undone.`, label: 'Decline offer' },
  }[confirm ?? 'counter']

  return (
    <div className="mt-3">
      <div className="d-flex flex-wrap gap-2">
        {next.includes('accepted') && onReview && (
          <button type="button" className="btn btn-primary btn-sm" aria-expanded={reviewing} onClick={onReview}>
            Review and sign
          </button>
        )}
        {next.includes('countered') && (
          <button type="button" className="btn btn-outline-primary btn-sm" aria-expanded={mode === 'counter'} onClick={() => setMode(mode === 'counter' ? null : 'counter')}>
            Counter
          </button>
        )}
        {next.includes('declined') && (
          <button type="button" className="btn btn-outline-danger btn-sm" aria-expanded={mode === 'decline'} onClick={() => setMode(mode === 'decline' ? null : 'decline')}>
            Decline
          </button>
        )}
      </div>
      {!next.includes('countered') && next.includes('accepted') && offer.counterRounds >= 3 && (
        <p className="small text-secondary mt-2 mb-0">You countered 3 times already: sign or decline this offer.</p>
      )}
      {mode === 'counter' && (
        <form className="mt-3" onSubmit={check} noValidate aria-label="Counter offer">
          <div className="mb-2">
            <label htmlFor={`${id}-amount`} className="form-label small mb-1">
              Your amount (USD)
            </label>
            <input id={`${id}-amount`} type="number" min="1" max="1000000" step="1" className={`form-control form-control-sm${errors.amount ? ' is-invalid' : ''}`}
              value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={errors.amount ? `${id}-amount-error` : undefined} />
            {errors.amount && <div id={`${id}-amount-error`} className="invalid-feedback">{errors.amount}</div>}
          </div>
          <div className="mb-2">
            <label htmlFor={`${id}-message`} className="form-label small mb-1">
              Message to the brand (optional)
            </label>
            <textarea id={`${id}-message`} rows={2} maxLength={500} className={`form-control form-control-sm${errors.message ? ' is-invalid' : ''}`}
              value={message} onChange={(e) => setMessage(e.target.value)} />
            {errors.message && <div className="invalid-feedback">{errors.message}</div>}
          </div>
          <button type="submit" className="btn btn-primary btn-sm">
            Review counter
          </button>
        </form>
      )}
      {mode === 'decline' && (
        <form className="mt-3" onSubmit={check} noValidate aria-label="Decline offer">
          <div className="mb-2">
            <label htmlFor={`${id}-reason`} className="form-label small mb-1">
              Why do you decline?
            </label>
            <textarea id={`${id}-reason`} rows={2} maxLength={500} className={`form-control form-control-sm${errors.reason ? ' is-invalid' : ''}`}
              value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={errors.reason ? `${id}-reason-error` : undefined} />
            {errors.reason && <div id={`${id}-reason-error`} className="invalid-feedback">{errors.reason}</div>}
          </div>
          <button type="submit" className="btn btn-outline-danger btn-sm">
            Review decline
          </button>
        </form>
      )}
      <ConfirmDialog show={confirm !== null} title={dialog.title} body={dialog.body} confirmLabel={dialog.label} cancelLabel="Cancel"
        onConfirm={run} onCancel={() => setConfirm(null)} busy={busy} danger={confirm === 'decline'} />
    </div>
  )
}
