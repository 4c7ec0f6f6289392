import { useId, useState } from 'react'
import { CardSection } from '../../../components/card-section'
import { FilterControl } from '../../../components/filter-control'
import { ListState } from '../../../components/list-state'
import { ListPagination } from '../../../lib/list-pagination'
import { formatAmount, formatDateTime } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { errorMessage } from '../../../lib/error-message'
import { ApiError } from '../../../lib/request'
import { usePaymentAction } from './use-payment-action'
import { useBoard } from '../api/board'
import { useApprovePayment, useDecidePayment, useRetryPayment } from '../api/payment'
import { BOARD_STATES, paymentLabel } from './payment-labels'
import { optionList } from '../../../lib/options'

/** @typedef {import('../../../lib/api-types').Schema<'PayoutBoardRow'>} BoardRow */

const DECISIONS = optionList({
  release: 'Release to the creator',
  partial_refund: 'Partial refund, release the rest',
  refund: 'Full refund to the brand',
})

/**
 * DecisionForm is the ADMIN's decision on a held payment: release, a partial refund with the rest released, or a full
 * refund, always with a reason (3 to 500 characters).
 * @param {{row: BoardRow}} props
 */
function DecisionForm({ row }) {
  const id = useId()
  const decide = useDecidePayment()
  const [decision, setDecision] = useState('release')
  const [refund, setRefund] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}))
  const [busy, setBusy] = useState(false)
  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    /** @type {Record<string, string>} */
    const errs = {}
    if (reason.trim().length < 3 || reason.trim().length > 500) errs.reason = 'Give a reason of 3 to 500 characters'
    const cents = Math.round(Number(refund) * 100)
    if (decision === 'partial_refund' && (!(cents > 0) || cents >= row.amount)) errs.refundAmount = `Enter a refund above $0 and below ${formatAmount(row.amount, row.currency)}`
    setErrors(errs)
    if (Object.keys(errs).length) return
    setBusy(true)
    try {
      await decide(row.entryId, { decision, reason: reason.trim(), ...(decision === 'partial_refund' ? { refundAmount: cents } : {}) })
      toast.success(`Decision recorded for ${row.creatorName}`)
    } catch (err) {
      setErrors({ ...((err instanceof ApiError && err.fields) || {}), form: errorMessage(err, 'Could not record the decision. Please try again.') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate className="d-flex flex-column gap-2" aria-label={`Decide the payment of ${row.creatorName}`}>
      <fieldset>
        <legend className="small fw-semibold mb-1">Decision</legend>
        {DECISIONS.map((d) => (
          <div key={d.value} className="form-check">
            <input id={`${id}-d-${d.value}`} type="radio" name={`${id}-decision`} className="form-check-input" value={d.value} checked={decision === d.value} onChange={() => setDecision(d.value)} />
            <label htmlFor={`${id}-d-${d.value}`} className="form-check-label small">
              {d.label}
            </label>
          </div>
        ))}
      </fieldset>
      {decision === 'partial_refund' && (
        <div>
          <label htmlFor={`${id}-refund`} className="form-label small mb-1">
            Refund to the brand (USD)
          </label>
          <input id={`${id}-refund`} type="number" min="0.01" step="0.01" className={`form-control form-control-sm${errors.refundAmount ? ' is-invalid' : ''}`} value={refund}
            onChange={(e) => { setRefund(e.target.value); setErrors({ ...errors, refundAmount: '' }) }} aria-describedby={errors.refundAmount ? `${id}-refund-error` : undefined} />
          {errors.refundAmount && <span id={`${id}-refund-error`} className="small text-danger">{errors.refundAmount}</span>}
        </div>
      )}
      <div>
        <label htmlFor={`${id}-reason`} className="form-label small mb-1">
          Reason (kept in the audit log)
        </label>
        <textarea id={`${id}-reason`} rows={2} maxLength={500} className={`form-control form-control-sm${errors.reason ? ' is-invalid' : ''}`} value={reason}
          onChange={(e) => { setReason(e.target.value); setErrors({ ...errors, reason: '' }) }} aria-describedby={errors.reason ? `${id}-reason-error` : undefined} />
        {errors.reason && <span id={`${id}-reason-error`} className="small text-danger">{errors.reason}</span>}
      </div>
      {errors.form && <p className="small text-danger mb-0" role="alert">{errors.form}</p>}
      <button type="submit" className="btn btn-sm btn-primary align-self-start" disabled={busy}>
        {busy ? 'Recording…' : 'Record decision'}
      </button>
    </form>
  )
}

/** RowActions: the decision of a held payment, the approval of a flagged brand's funding, a failed funding's retry. */
/** @param {{row: BoardRow}} props */
function RowActions({ row }) {
  const approve = useApprovePayment()
  const retry = useRetryPayment()
  const { busy, run } = usePaymentAction(row.entryId)
  if (row.state === 'held') return <DecisionForm row={row} />
  if (row.state === 'awaiting_approval')
    return (
      <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => run(approve, 'Approved: the card is being charged')}>
        Approve funding
      </button>
    )
  if (row.state === 'funding_failed')
    return (
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => run(retry, 'Charging the card again')}>
        Charge again
      </button>
    )
  return <span className="small text-secondary">Waits for the creator or the bank</span>
}

/**
 * PaymentsBoard is the ADMIN's payments board: the payments that need attention (funding failed, action required,
 * held by an objection or a chargeback, waiting for payout details, awaiting approval) with their actions, and the
 * open reconciliation mismatches.
 */
export function PaymentsBoard() {
  const [state, setState] = useState('')
  const [page, setPage] = useState(1)
  const swr = useBoard(state, page)
  const d = swr.data
  return (
    <div className="d-flex flex-column gap-4">
      <CardSection title="Payments that need attention" titleId="board-heading">
        <form className="row g-2 mb-3" role="search" aria-label="Filter payments" onSubmit={(e) => e.preventDefault()}>
          <FilterControl id="board-state" label="State" className="col-12 col-md-4" controlClassName="form-select form-select-sm" options={BOARD_STATES} value={state}
            onChange={(/** @type {import('react').ChangeEvent<HTMLSelectElement>} */ e) => { setState(e.target.value); setPage(1) }} />
        </form>
        <ListState swr={swr} loadingLabel="Loading payments…" isEmpty={(b) => b.payments.length === 0} empty={<p className="text-secondary mb-0">Nothing needs attention.</p>}>
          {(b) => (
            <ul className="list-group" aria-label="Payments">
              {b.payments.map((r) => (
                <li key={r.entryId} className="list-group-item">
                  <div className="row g-3">
                    <div className="col-12 col-md-6">
                      <div className="fw-semibold">
                        {r.campaignName} · {r.creatorName}
                      </div>
                      <div className="small text-secondary">{r.brandName} · changed {formatDateTime(r.updatedAt)}</div>
                      <div className="mt-1">
                        <span className={`badge ${paymentLabel(r.state, 'admin').badge}`}>{paymentLabel(r.state, 'admin').label}</span>
                        <span className="ms-2">
                          {formatAmount(r.amount, r.currency)} + {formatAmount(r.fee, r.currency)} fee
                        </span>
                      </div>
                      {r.objectionReason && <p className="small mb-0 mt-1">Objection: “{r.objectionReason}”</p>}
                      {r.failure && <p className="small mb-0 mt-1">Failure: {r.failure}</p>}
                    </div>
                    <div className="col-12 col-md-6">
                      <RowActions row={r} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListState>
        {d && d.total > d.limit && <ListPagination page={page} total={d.total} limit={d.limit} onPage={setPage} label="Payments pages" />}
      </CardSection>
      <CardSection title="Reconciliation mismatches" titleId="mismatches-heading">
        {d && d.mismatches.length === 0 && <p className="text-secondary mb-0">The ledger agrees with the payment provider.</p>}
        {d && d.mismatches.length > 0 && (
          <ul className="list-group" aria-label="Mismatches">
            {d.mismatches.map((m) => (
              <li key={m.id} className="list-group-item small">
                <span className="fw-semibold">{m.day}</span> · {m.kind} · {m.providerId}: {m.detail}
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </div>
  )
}
