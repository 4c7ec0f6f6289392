import { useId, useState } from 'react'
import { CardSection } from '../../../components/card-section'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ListState } from '../../../components/list-state'
import { TableHead } from '../../../components/table-head'
import { ROLES } from '../../../config/roles'
import { useAuth } from '../../../lib/auth-store'
import { formatAmount, formatDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { useConfirmRemove } from '../../../lib/use-confirm-remove'
import { getSpendCsv, useAddBrandCard, useBrandCards, useBrandPayoutSettings, useRemoveBrandCard, useSetManagerLimit, useSpend } from '../api/brand'
import { CsvButton } from './earnings'

/** @typedef {import('../../../lib/api-types').Schema<'PayoutBrandCard'>} BrandCard */

const cardName = (/** @type {BrandCard} */ c) => `${c.brand ? c.brand[0].toUpperCase() + c.brand.slice(1) : 'Card'} ending in ${c.last4}`

/**
 * BrandCards lists the brand's payment cards (brand and last 4 digits; the default is charged for fundings). A
 * BRAND_ADMIN adds cards with `CardInput` (the card form the app hands in: Stripe Elements, or the test-card picker in
 * the offline sandbox) and removes them; managers and viewers only read.
 * @param {{CardInput: import('react').ComponentType<{onSave: (id: string) => Promise<void>, onCancel: () => void}>}} props
 */
export function BrandCards({ CardInput }) {
  const { role } = useAuth()
  const admin = role === ROLES.BRAND_ADMIN
  const swr = useBrandCards()
  const add = useAddBrandCard()
  const remove = useRemoveBrandCard()
  const [adding, setAdding] = useState(false)
  const { removing, ask: setRemoving, cancel, busy, confirm: confirmRemove } = useConfirmRemove((/** @type {BrandCard} */ card) => remove(card._id))
  /** @param {string} id */
  const save = async (id) => {
    const out = await add(id)
    toast.success(out.message || 'Card added')
    setAdding(false)
  }
  return (
    <CardSection title="Payment cards" titleId="brand-cards-heading">
      <p className="small text-secondary">The default card is charged the offer&apos;s amount plus the platform fee when an offer is accepted.</p>
      <ListState swr={swr} loadingLabel="Loading the brand's cards…" isEmpty={(c) => c.length === 0} empty={<p className="text-secondary">No card yet: accepted offers cannot be funded until a BRAND_ADMIN adds one.</p>}>
        {(cards) => (
          <ul className="list-group mb-3" aria-label="The brand's cards">
            {cards.map((c) => (
              <li key={c._id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <div className="me-auto">
                  <div className="fw-semibold">
                    {cardName(c)}
                    {c.default && <span className="badge rounded-pill text-bg-primary ms-2">Default</span>}
                  </div>
                  <div className="small text-secondary">
                    Expires {String(c.expMonth).padStart(2, '0')}/{c.expYear}
                  </div>
                </div>
                {admin && (
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove ${cardName(c)}`} onClick={() => setRemoving(c)}>
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {admin && swr.data && !adding && (
        <button type="button" className="btn btn-outline-primary" onClick={() => setAdding(true)}>
          Add a card
        </button>
      )}
      {admin && adding && (
        <div className="border rounded-3 p-3" role="group" aria-label="Add a card">
          <CardInput onSave={save} onCancel={() => setAdding(false)} />
        </div>
      )}
      <ConfirmDialog show={Boolean(removing)} danger title="Remove this card?" body={removing ? `${cardName(removing)} will no longer be charged for offers.` : ''}
        confirmLabel="Remove card" cancelLabel="Keep card" busy={busy} onCancel={cancel} onConfirm={confirmRemove} />
    </CardSection>
  )
}

/**
 * ManagerLimit is the monthly limit of what BRAND_MANAGERs may commit (above it a manager's acceptance waits for a
 * BRAND_ADMIN's approval) and the platform's fee. A BRAND_ADMIN sets it; the others read it.
 */
export function ManagerLimit() {
  const id = useId()
  const { role } = useAuth()
  const admin = role === ROLES.BRAND_ADMIN
  const swr = useBrandPayoutSettings()
  const setLimit = useSetManagerLimit()
  const [value, setValue] = useState(/** @type {string | null} */ (null))
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const current = swr.data?.managerMonthlyLimit
  const shown = value ?? (current == null ? '' : String(current / 100))
  /** @param {import('react').FormEvent} e */
  const save = async (e) => {
    e.preventDefault()
    const dollars = shown.trim() === '' ? null : Number(shown)
    if (dollars !== null && (!Number.isFinite(dollars) || dollars < 0 || dollars > 10000000)) {
      setError('Enter an amount between $0 and $10,000,000, or leave it empty for no limit')
      return
    }
    setBusy(true)
    try {
      await setLimit(dollars === null ? null : Math.round(dollars * 100))
      toast.success(dollars === null ? 'No monthly limit for managers' : `Managers may commit up to ${formatAmount(Math.round(dollars * 100))} a month`)
      setValue(null)
    } catch (err) {
      setError(fieldError(err, 'managerMonthlyLimit') || errorMessage(err, 'Could not save the limit. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <CardSection title="Spending rules" titleId="spending-rules-heading">
      <ListState swr={swr} loadingLabel="Loading the spending rules…">
        {(s) => (
          <>
            <p className="mb-2">
              Platform fee: <strong data-testid="fee-percent">{s.feePercent}%</strong> of each offer, charged to the brand with the offer. Creators pay no fee.
            </p>
            {s.needsAdminApproval && <p className="alert alert-warning small">After a chargeback every funding needs an ADMIN&apos;s approval.</p>}
            {admin ? (
              <form onSubmit={save} className="d-flex flex-wrap align-items-end gap-2" noValidate>
                <div>
                  <label htmlFor={`${id}-limit`} className="form-label small mb-1">
                    Monthly limit for BRAND_MANAGERs (USD, empty for none)
                  </label>
                  <input id={`${id}-limit`} type="number" min="0" step="1" className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} value={shown}
                    onChange={(e) => { setValue(e.target.value); setError('') }} aria-describedby={error ? `${id}-error` : `${id}-help`} />
                </div>
                <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                  {busy ? 'Saving…' : 'Save limit'}
                </button>
                {error ? <span id={`${id}-error`} className="w-100 small text-danger" role="alert">{error}</span>
                  : <span id={`${id}-help`} className="w-100 small text-secondary">Above it, a manager&apos;s acceptance waits for a BRAND_ADMIN&apos;s approval.</span>}
              </form>
            ) : (
              <p className="mb-0">
                Monthly limit for BRAND_MANAGERs: <strong>{s.managerMonthlyLimit == null ? 'none' : formatAmount(s.managerMonthlyLimit)}</strong>. Above it, a
                manager&apos;s acceptance waits for a BRAND_ADMIN&apos;s approval.
              </p>
            )}
          </>
        )}
      </ListState>
    </CardSection>
  )
}

/** Spend is the brand's spend per campaign (committed, paid, refunded, fees, from the ledger), its receipts and the CSV. */
export function Spend() {
  const swr = useSpend()
  return (
    <CardSection title="Spend" titleId="spend-heading">
      <ListState swr={swr} loadingLabel="Loading the spend…">
        {(s) => (
          <>
            {s.campaigns.length === 0 ? (
              <p className="text-secondary">No offer funded yet.</p>
            ) : (
              <div className="table-responsive">
                <table className="table align-middle cc-stack-table" aria-label="Spend per campaign">
                  <TableHead columns={['Campaign', 'Committed', 'Paid to creators', 'Refunded', 'Platform fees']} />
                  <tbody>
                    {s.campaigns.map((c) => (
                      <tr key={c.campaignId}>
                        <td className="fw-semibold">{c.campaignName}</td>
                        <td data-label="Committed">{formatAmount(c.committed, s.currency)}</td>
                        <td data-label="Paid to creators">{formatAmount(c.paid, s.currency)}</td>
                        <td data-label="Refunded">{formatAmount(c.refunded, s.currency)}</td>
                        <td data-label="Platform fees">{formatAmount(c.fees, s.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="small text-secondary">Measured: the charges, transfers and refunds in the payments ledger.</p>
            <CsvButton load={getSpendCsv} filename="spend.csv" />
            <h3 className="h6 fw-bold mt-4">Receipts</h3>
            {s.receipts.length === 0 ? (
              <p className="text-secondary mb-0">No charge yet.</p>
            ) : (
              <ul className="list-group" aria-label="Receipts">
                {s.receipts.map((r) => (
                  <li key={r.entryId} className="list-group-item small">
                    <div className="d-flex flex-wrap justify-content-between gap-2">
                      <span className="fw-semibold">
                        {r.campaignName} · {r.creatorName}
                      </span>
                      <span className="fw-semibold">{formatAmount(r.total, r.currency)}</span>
                    </div>
                    <div className="text-secondary">
                      {formatDate(r.fundedAt)}: {formatAmount(r.amount, r.currency)} + {formatAmount(r.fee, r.currency)} fee · payment {r.paymentIntent}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ListState>
    </CardSection>
  )
}

/**
 * BrandPayments is the brand's "Payments" page: its cards, the spending rules and the spend.
 * @param {{CardInput: import('react').ComponentType<{onSave: (id: string) => Promise<void>, onCancel: () => void}>}} props
 */
export function BrandPayments({ CardInput }) {
  return (
    <div className="d-flex flex-column gap-4">
      <BrandCards CardInput={CardInput} />
      <ManagerLimit />
      <Spend />
    </div>
  )
}
