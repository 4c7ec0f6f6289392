import { Fragment, useState } from 'react'
import { useAdminRoster } from '../api/get-admin-roster'
import { useUpdateOffers } from '../api/update-offers'
import { ListState } from '../../../components/list-state'
import { formatFollowers, formatMoney } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { OfferTotals } from './offer-totals'
import { commonMoves, needsAmount, OFFER_LABELS, offerLabel } from './offer-status'
import { TableHead } from '../../../components/table-head'
import { BulletList } from '../../../components/bullet-list'
import { ThreadLink } from '../../../components/thread-link'

/** @typedef {import('../../../lib/api-schema').components['schemas']['RosterEntry']} RosterEntry */
/** @typedef {import('../../../lib/api-schema').components['schemas']['RosterOfferStatus']} OfferStatus */
/** @typedef {(status: OfferStatus, amount?: number) => void} OnApply */
/**
 * @typedef {{Panel: import('react').ComponentType<{offerId: string, side?: 'brand' | 'creator' | null, headingLevel?: 2 | 3}>}} AgreementSlot
 * The agreement panel, given by the page (features do not import each other): the ADMIN reads the versions, the
 * signatures, the events (with IP addresses) and downloads the signed PDF.
 */

/**
 * signless leaves out the move to accepted: accepting is signing the agreement, which only the creator and the
 * brand do, so an ADMIN never moves an offer there.
 * @param {(OfferStatus | null)[]} moves
 * @returns {OfferStatus[]}
 */
const signless = (moves) => /** @type {OfferStatus[]} */ (moves.filter((s) => s && s !== 'accepted'))

/** The offer states that have an agreement. */
const WITH_AGREEMENT = ['sent', 'countered', 'accepted', 'completed', 'declined', 'expired', 'withdrawn']

/**
 * MoveControls picks one of the allowed moves and, when it needs one, an amount.
 * @param {{idPrefix: string, moves: OfferStatus[], from: string, busy: boolean, onApply: OnApply, label: string}} props
 */
function MoveControls({ idPrefix, moves, from, busy, onApply, label }) {
  const [status, setStatus] = useState(/** @type {OfferStatus | ''} */ (''))
  const [amount, setAmount] = useState('')
  if (moves.length === 0) return <span className="small text-secondary">No further moves</span>
  const amountNeeded = needsAmount(from, status)
  /** @param {import('react').FormEvent} e */
  const submit = (e) => {
    e.preventDefault()
    if (!status) return
    onApply(status, amount === '' ? undefined : Number(amount))
  }
  return (
    <form className="d-flex flex-wrap gap-1 align-items-center" onSubmit={submit}>
      <select id={`${idPrefix}-status`} className="form-select form-select-sm w-auto" aria-label={`New status ${label}`} value={status} onChange={(e) => setStatus(/** @type {OfferStatus | ''} */ (e.target.value))}>
        <option value="">Move to…</option>
        {moves.map((s) => (
          <option key={s} value={s}>
            {offerLabel(s)}
          </option>
        ))}
      </select>
      <input
        type="number"
        min="1"
        className="form-control form-control-sm"
        style={{ width: '7rem' }}
        aria-label={`Amount ${label}`}
        placeholder={amountNeeded ? 'Amount (required)' : 'Amount'}
        required={amountNeeded}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !status}>
        Apply
      </button>
    </form>
  )
}

/** @param {{entry: RosterEntry, checked: boolean, onCheck: () => void, busy: boolean, onMove: OnApply, agreement?: AgreementSlot}} props */
function EntryRow({ entry: e, checked, onCheck, busy, onMove, agreement }) {
  const [open, setOpen] = useState(false)
  const c = e.creator
  const offer = e.offer
  const badge = OFFER_LABELS[offer.status]?.badge ?? 'text-bg-light'
  const moves = signless(offer.next || [])
  const hasAgreement = Boolean(agreement) && WITH_AGREEMENT.includes(offer.status)
  return (
    <Fragment>
    <tr>
      <td>
        {moves.length > 0 && <input type="checkbox" className="form-check-input" aria-label={`Select ${c.name}`} checked={checked} onChange={onCheck} />}
      </td>
      <td>
        <div className="fw-semibold">{c.name}</div>
        <div className="small text-secondary">
          {c.tier} · {e.platform} · {formatFollowers(c.followers)}
        </div>
      </td>
      <td data-label="Score and reasons">
        <div className="fw-semibold">{e.score}</div>
        <BulletList items={e.reasons} className="small text-secondary ps-3 mb-0" />
      </td>
      <td data-label="Est. fee">{formatMoney(e.estimatedFee)}</td>
      <td data-label="Offer">{formatMoney(offer.amount)}</td>
      <td data-label="Status">
        <span className={`badge rounded-pill ${badge}`}>{offerLabel(offer.status)}</span>
        <ThreadLink offerId={e._id} status={offer.status} className="small d-block" />
        {hasAgreement && (
          <button type="button" className="btn btn-link btn-sm p-0 ms-2 align-baseline" aria-expanded={open} aria-label={`${open ? 'Hide agreement' : 'Agreement'} of ${c.name}`} onClick={() => setOpen(!open)}>
            {open ? 'Hide agreement' : 'Agreement'}
          </button>
        )}
      </td>
      <td data-label="Next">
        <MoveControls idPrefix={e._id} label={`for ${c.name}`} moves={moves} from={offer.status} busy={busy} onApply={onMove} />
      </td>
    </tr>
    {agreement && hasAgreement && open && (
      <tr>
        <td colSpan={7} className="bg-body-tertiary">
          <agreement.Panel offerId={e._id} side={null} />
        </td>
      </tr>
    )}
    </Fragment>
  )
}

/**
 * OfferRoster is the ADMIN's view of a campaign's roster: creators with
 * score, reasons, fee and offer; each row offers only its allowed moves, and
 * a bulk bar applies one move to every selected row at once (all or nothing).
 * `agreement` (the page gives the agreement panel) opens each offer's agreement: versions, signatures, events and
 * the signed PDF.
 * @param {{campaignId: string, agreement?: AgreementSlot}} props
 */
export function OfferRoster({ campaignId, agreement }) {
  const { data: ro, error, isLoading, mutate } = useAdminRoster(campaignId)
  const update = useUpdateOffers()
  const [selected, setSelected] = useState(() => new Set(/** @type {string[]} */ ([])))
  const [busy, setBusy] = useState(false)
  if (!ro) return <ListState swr={{ data: ro, error, isLoading, mutate }} loadingLabel="Loading roster…" />
  const entries = ro.entries || []
  const chosen = entries.filter((e) => selected.has(e._id))

  /** @param {import('../../../lib/api-schema').components['schemas']['OfferChange'][]} changes */
  const apply = async (changes) => {
    setBusy(true)
    try {
      await update({ campaignId, entries: changes })
      toast.success(changes.length > 1 ? `${changes.length} offers updated` : 'Offer updated')
      setSelected(new Set())
    } catch (err) {
      toast.error((err instanceof Error && err.message) || 'Could not update the offers. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  /** @param {string} id */
  const toggle = (id) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }

  return (
    <section aria-label={`Roster of ${ro.campaignName}`} className="card border-0 shadow-sm">
      <div className="card-body p-3 p-md-4">
        <h2 className="h5 fw-bold mb-3">Roster · {ro.campaignName}</h2>
        <OfferTotals budget={ro.budget} offered={ro.offeredTotal} accepted={ro.acceptedTotal} />
        {entries.length === 0 ? (
          <p className="text-secondary mb-0">No roster yet. The brand generates it from its campaign page.</p>
        ) : (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2" aria-label="Bulk update" role="group">
              <span className="small">{chosen.length} selected</span>
              {chosen.length > 0 && (
                <MoveControls
                  key={chosen.map((e) => e._id).join()}
                  idPrefix="bulk"
                  label="for the selected offers"
                  moves={signless(commonMoves(chosen))}
                  from={chosen.every((e) => e.offer?.status === 'countered') ? 'countered' : ''}
                  busy={busy}
                  onApply={(status, amount) => apply(chosen.map((e) => ({ entryId: e._id, status, amount })))}
                />
              )}
            </div>
            <div className="table-responsive">
              <table className="table align-middle cc-stack-table">
                <TableHead columns={[{ hidden: 'Select' }, 'Creator', 'Score and reasons', 'Est. fee', 'Offer', 'Status', 'Next']} />
                <tbody>
                  {entries.map((e) => (
                    <EntryRow
                      key={e._id}
                      entry={e}
                      checked={selected.has(e._id)}
                      onCheck={() => toggle(e._id)}
                      busy={busy}
                      onMove={(status, amount) => apply([{ entryId: e._id, status, amount }])}
                      agreement={agreement}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
