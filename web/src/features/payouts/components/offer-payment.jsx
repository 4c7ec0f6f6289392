import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAuth } from '../../../lib/auth-store'
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { usePaymentAction } from './use-payment-action'
import { ROLES } from '../../../config/roles'
import { usePayoutAccount } from '../api/account'
import { useApprovePayment, useCancelPayment, useObjectPayment, usePayment, useRetryPayment } from '../api/payment'
import { KeyValues } from '../../../components/key-values'
import { FormActions } from '../../../components/form/form-actions'
import { paymentLabel } from './payment-labels'
import { BankCheck } from './bank-check'

/** @typedef {import('../../../lib/api-types').Schema<'PayoutPayment'>} Payment */

/** PAID_STATUSES: the offer statuses that have a payment (the money is committed once the offer is accepted). */
const PAID_STATUSES = ['accepted', 'completed']

/** LAPSED says what a funding that never arrived within the grace period means to each side. */
const LAPSED = {
  creator: 'The brand did not pay in time, so the offer lapsed: nothing is owed on either side, and no post is due.',
  brand: 'Your card was not charged in time, so the offer lapsed: nothing was charged. Send a new offer to work with this creator.',
}

/** OBJECTIONS: the usual reasons a brand objects; "Other" asks for its own words. */
const OBJECTIONS = ['Post removed', 'Not as agreed', 'Other']

/**
 * Headline is the state with its amount: "Payment reserved: $600".
 * @param {Payment} p
 * @param {'creator' | 'brand'} side
 */
function headline(p, side) {
  const { label } = paymentLabel(p.state, side)
  const amount = formatAmount(p.amount, p.currency)
  if (p.state === 'funded') return `${label}: ${amount}`
  if (p.state === 'transferred' || p.state === 'releasing') return `${label}: ${formatAmount(p.amount - p.refundAmount, p.currency)}`
  return label
}

/**
 * PaymentDates lists the dates the payment has reached, the promised ones included (release, expected in bank).
 * @param {{payment: Payment}} props
 */
function PaymentDates({ payment: p }) {
  /** @type {Array<[string, string] | false | null | undefined | ''>} */
  const maybe = [
    p.fundedAt && ['Reserved', formatDateTime(p.fundedAt)],
    p.capturedAt && ['Clock started', `post captured ${formatDateTime(p.capturedAt)}`],
    p.releaseAt && !p.transferredAt && p.state !== 'held' && ['Release', `${formatDateTime(p.releaseAt)} unless the brand objects`],
    p.objectedAt && ['Objected', formatDateTime(p.objectedAt)],
    p.transferredAt && ['Transfer sent', formatDateTime(p.transferredAt)],
    p.arrivalAt && !p.paidAt && ['Expected in bank', formatDate(p.arrivalAt)],
    p.paidAt && ['Paid', formatDate(p.paidAt)],
    p.refundedAt && ['Refunded', formatDateTime(p.refundedAt)],
  ]
  const rows = /** @type {Array<[string, string]>} */ (maybe.filter(Boolean))
  if (rows.length === 0) return null
  return <KeyValues rows={rows} className="small mb-0 mt-1" />
}

/**
 * ObjectForm lets a brand editor hold a funded payment with a reason (3 to 500 characters) for an admin to decide.
 * @param {{entryId: string, onDone: () => void}} props
 */
function ObjectForm({ entryId, onDone }) {
  const id = useId()
  const object = useObjectPayment()
  const [kind, setKind] = useState(OBJECTIONS[0])
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const reason = kind === 'Other' ? text.trim() : [kind, text.trim()].filter(Boolean).join(': ')
  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    if (reason.length < 3 || reason.length > 500) {
      setError('Give a reason of 3 to 500 characters')
      return
    }
    setBusy(true)
    try {
      await object(entryId, reason)
      toast.success('Payment held: an admin decides')
      onDone()
    } catch (err) {
      setError(fieldError(err, 'reason') || errorMessage(err, 'Could not object. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="border rounded p-2 mt-2" onSubmit={submit} aria-label="Object to the payment" noValidate>
      <label htmlFor={`${id}-kind`} className="form-label small mb-1">
        Reason
      </label>
      <select id={`${id}-kind`} className="form-select form-select-sm mb-2" value={kind} onChange={(e) => setKind(e.target.value)}>
        {OBJECTIONS.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
      <label htmlFor={`${id}-text`} className="form-label small mb-1">
        {kind === 'Other' ? 'What is wrong' : 'Details (optional)'}
      </label>
      <textarea id={`${id}-text`} rows={2} maxLength={480} className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} value={text}
        onChange={(e) => { setText(e.target.value); setError('') }} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <span id={`${id}-error`} className="d-block small text-danger" role="alert">{error}</span>}
      <FormActions className="mt-2" small tone="danger" busy={busy} label="Hold the payment" busyLabel="Holding…" onCancel={onDone} />
    </form>
  )
}

/**
 * BrandActions are the money buttons of a brand's offer row: object (BRAND_ADMIN, BRAND_MANAGER) while the payment is
 * reserved, finish the bank's check of a funding that waits for it (BRAND_ADMIN, BRAND_MANAGER), cancel an undelivered offer for a full refund once the API allows it (BRAND_ADMIN, BRAND_MANAGER), approve a manager's commitment and charge a failed funding again (BRAND_ADMIN). A BRAND_VIEWER sees none.
 * @param {{payment: Payment, entryId: string, role: string | null}} props
 */
function BrandActions({ payment: p, entryId, role }) {
  const [objecting, setObjecting] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const { busy, run } = usePaymentAction(entryId)
  const approve = useApprovePayment()
  const retry = useRetryPayment()
  const cancel = useCancelPayment()
  const editor = role === ROLES.BRAND_ADMIN || role === ROLES.BRAND_MANAGER
  const buttons = []
  if (editor && p.state === 'funded' && !objecting)
    buttons.push(<button key="object" type="button" className="btn btn-sm btn-outline-danger" onClick={() => setObjecting(true)}>Object</button>)
  if (editor && p.cancelAllowed && !cancelling)
    buttons.push(<button key="cancel" type="button" className="btn btn-sm btn-outline-danger" onClick={() => setCancelling(true)}>Cancel and refund</button>)
  if (role === ROLES.BRAND_ADMIN && p.state === 'awaiting_approval')
    buttons.push(<button key="approve" type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => run(approve, 'Approved: the card is being charged')}>Approve payment</button>)
  if (editor && p.state === 'action_required')
    buttons.push(<BankCheck key="check" payment={p} entryId={entryId} />)
  if (role === ROLES.BRAND_ADMIN && p.state === 'funding_failed')
    buttons.push(<button key="retry" type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => run(retry, 'Charging the card again')}>Charge again</button>)
  return (
    <>
      {buttons.length > 0 && <div className="d-flex flex-wrap gap-1 mt-1">{buttons}</div>}
      {objecting && <ObjectForm entryId={entryId} onDone={() => setObjecting(false)} />}
      {p.cancelFrom && !p.cancelAllowed && (
        <p className="small text-secondary mb-0 mt-1">
          Nothing posted yet: if nothing is, you may cancel from {formatDateTime(p.cancelFrom)} and be refunded in full.
          {p.deliveryNoticeAt && ` The creator was told on ${formatDateTime(p.deliveryNoticeAt)}.`}
        </p>
      )}
      {cancelling && (
        <div role="group" aria-label="Cancel the undelivered offer" className="border rounded p-2 mt-2">
          <p className="small mb-2">
            Nothing was posted by the campaign's end and the grace period. Cancel the offer and refund{' '}
            {formatAmount(p.amount + (p.fee ?? 0), p.currency)} to your card? The creator sees the payment refunded on the offer.
          </p>
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={async () => {
              await run(cancel, 'Cancelled: the payment is refunded in full')
              setCancelling(false)
            }}>
              {busy ? 'Cancelling…' : 'Cancel and refund'}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => setCancelling(false)}>
              Keep the offer
            </button>
          </div>
        </div>
      )}
    </>
  )
}

/**
 * WaitsForDetails tells a creator whose payouts are not ready that the offer's money waits for them.
 * @param {{payment: Payment}} props
 */
function WaitsForDetails({ payment }) {
  const { data: account } = usePayoutAccount()
  if (!account || account.state === 'ready' || ['refunded', 'refunding', 'lapsed', 'transferred', 'reversed'].includes(payment.state)) return null
  return (
    <p className="small mb-0 mt-1">
      Your payouts are not set up yet: the money waits for you until they are. <Link to="/account-settings/payouts">Set up payouts</Link>
    </p>
  )
}

/**
 * DeliveryDue tells a creator, once the campaign ended with nothing of theirs captured, until when they can post or
 * answer before the brand may cancel the reserved payment.
 * @param {{payment: Payment}} props
 */
function DeliveryDue({ payment: p }) {
  if (!p.cancelFrom || p.state !== 'funded') return null
  return (
    <p className="small mb-0 mt-1" role="status">
      The campaign ended and no post of yours with its tag was captured. Post by {formatDateTime(p.cancelFrom)}: after
      that, the brand may cancel and be refunded. Posted already? Check that the account is connected and the tag is in
      the caption, or answer the brand in the conversation.
    </p>
  )
}

/**
 * OfferPayment is an offer's payment state, for its creator (side "creator") or its brand ("brand"): funding, funded
 * ("Payment reserved: $X"), funding failed ("waiting for the brand's payment"), action required, the clock with its
 * release date, transfer sent, expected in bank, paid, and an "Overdue" mark when a step is late. The brand sees the
 * platform's fee and its money buttons by role. Nothing shows before the offer is accepted.
 * @param {{entryId: string, status?: string, side: 'creator' | 'brand'}} props
 */
export function OfferPayment({ entryId, status, side }) {
  const { role } = useAuth()
  const off = status !== undefined && !PAID_STATUSES.includes(status)
  const { data: p, error } = usePayment(entryId, off)
  if (error) return off ? null : <p className="small text-danger mb-0">Could not load the payment.</p>
  if (off || !p) return null
  const { badge } = paymentLabel(p.state, side)
  return (
    <div className="border-top pt-2 mt-2 small" role="group" aria-label="Payment">
      <div className="d-flex flex-wrap align-items-center gap-1">
        <span className={`badge ${badge}`}>{headline(p, side)}</span>
        {p.overdue && <span className="badge text-bg-danger">Overdue</span>}
      </div>
      {side === 'brand' && p.fee != null && (
        <div className="text-secondary mt-1">
          {formatAmount(p.amount, p.currency)} to the creator + {formatAmount(p.fee, p.currency)} platform fee
        </div>
      )}
      {p.state === 'funding_failed' && side === 'brand' && p.failure && <div className="mt-1">{p.failure}</div>}
      {p.state === 'held' && p.objectionReason && <div className="mt-1">Objection: “{p.objectionReason}”</div>}
      {p.state === 'lapsed' && <div className="mt-1">{LAPSED[side]} ({formatDateTime(p.updatedAt)})</div>}
      {p.refundAmount > 0 && p.state !== 'refunded' && <div className="mt-1">{formatAmount(p.refundAmount, p.currency)} refunded to the brand</div>}
      <PaymentDates payment={p} />
      {side === 'creator' && <WaitsForDetails payment={p} />}
      {side === 'creator' && <DeliveryDue payment={p} />}
      {side === 'brand' && <BrandActions payment={p} entryId={entryId} role={role} />}
    </div>
  )
}
