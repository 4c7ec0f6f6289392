import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatMoney } from '../../../lib/format'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { useUpdateBrandOffers } from '../api/update-brand-offers'
import { moveEffect } from '../lib/budget'
import { BudgetEffect } from './budget-effect'
import { UsageAddOnFields, emptyAddOns, readAddOns } from './usage-addons'

/**
 * CounterAnswer shows a countered offer's ask (the amount and the creator's
 * message) and lets a brand editor accept it, send a new amount or withdraw
 * the offer. Accepting is signing: "Accept counter" calls `onAccept`, which opens the agreement's sign form (with
 * the budget's effect). A new amount and a withdrawal are confirmed; a new amount shows the campaign's budget and
 * the move's effect (with any paid usage add-ons, each with its own amount) and, over the budget, says so and confirms it explicitly.
 * After a new amount, `onSent` opens the new version's agreement for the brand's signature.
 * Opened from "Waiting on you" (the page's #counter-<entry> anchor), it is scrolled to and focused.
 * @param {{campaignId: string, entry: import('../../../lib/api-types').Schema<'RosterEntry'>, roster: import('../../../lib/api-types').Schema<'Roster'>, onAccept?: () => unknown, onSent?: () => unknown}} props
 */
export function CounterAnswer({ campaignId, entry, roster, onAccept = undefined, onSent = undefined }) {
  const id = useId()
  const update = useUpdateBrandOffers(campaignId)
  const [confirm, setConfirm] = useState(/** @type {'sent' | 'withdrawn' | null} */ (null))
  const [amount, setAmount] = useState('')
  const [amountError, setAmountError] = useState('')
  const [addOnText, setAddOnText] = useState(() => emptyAddOns(entry.offer?.usageAddOns))
  const addOns = readAddOns(addOnText)
  const [busy, setBusy] = useState(false)
  // Shown only for a countered offer, so the entry has one.
  const offer = entry.offer
  const name = entry.creator?.name ?? 'the creator'
  const anchor = `counter-${entry._id}`
  const { hash } = useLocation()
  const box = useRef(/** @type {HTMLDivElement | null} */ (null))
  useEffect(() => {
    if (hash !== `#${anchor}` || !box.current) return
    box.current.focus({ preventScroll: true })
    box.current.scrollIntoView?.({ block: 'center' })
  }, [hash, anchor])

  const review = (/** @type {import('react').FormEvent} */ e) => {
    e.preventDefault()
    const n = Number(amount)
    if (!amount || !Number.isFinite(n) || n < 1 || n > 1000000) {
      setAmountError('Enter an amount between $1 and $1,000,000')
      return
    }
    setAmountError('')
    if (addOns.error) return
    setConfirm('sent')
  }
  const run = async () => {
    const move = confirm
    if (!move) return
    setBusy(true)
    /** @type {import('../../../lib/api-types').Schema<'OfferChange'>} */
    const change = { entryId: entry._id, status: move }
    if (confirm === 'sent') {
      change.amount = Number(amount)
      if (addOns.addOns.length || offer.usageAddOns?.length) change.usageAddOns = addOns.addOns
    }
    try {
      await update(campaignId, [change], over)
      toast.success({ sent: `New offer of ${formatMoney(moneyMove)} sent to ${name}`, withdrawn: `Offer to ${name} withdrawn` }[move])
      if (confirm === 'sent') onSent?.()
    } catch (err) {
      toast.error(errorMessage(err, 'Could not answer the counter. Please try again.'))
    } finally {
      setBusy(false)
      setConfirm(null)
    }
  }
  const moneyMove = confirm === 'sent' ? Math.round((Number(amount) + addOns.total) * 100) / 100 : 0
  const over = roster && moneyMove > 0 ? moveEffect(roster, entry._id, moneyMove).overBy > 0 : false
  const effect = moneyMove > 0 ? <BudgetEffect roster={roster} entryId={entry._id} amount={moneyMove} /> : null
  const dialog = {
    sent: { title: 'Send a new amount?', body: <>{name} is offered {formatMoney(Number(amount))}{addOns.addOns.length ? ` plus ${formatMoney(addOns.total)} of paid usage add-ons` : ''} and may answer again.{effect}</>, label: over ? 'Send over budget' : 'Send offer' },
    withdrawn: { title: 'Withdraw the offer?', body: `${name} is told the offer is withdrawn. This cannot be undone.`, label: 'Withdraw offer' },
  }[confirm ?? 'sent']
  const ask = [...(offer.history ?? [])].reverse().find((h) => h.to === 'countered')
  return (
    <div className="small" aria-label={`Counter from ${name}`} role="group" id={anchor} ref={box} tabIndex={-1}>
      <div>
        Asks <strong>{formatMoney(offer.amount)}</strong>
      </div>
      {ask?.note && <div className="fst-italic text-secondary">“{ask.note}”</div>}
      <div className="d-flex flex-wrap gap-1 mt-1">
        {onAccept && (
          <button type="button" className="btn btn-success btn-sm" onClick={onAccept}>
            Accept counter
          </button>
        )}
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirm('withdrawn')}>
          Withdraw
        </button>
      </div>
      <form className="d-flex gap-1 mt-1" onSubmit={review} noValidate aria-label={`New amount for ${name}`}>
        <label htmlFor={`${id}-amount`} className="visually-hidden">
          New amount (USD)
        </label>
        <input id={`${id}-amount`} type="number" min="1" max="1000000" placeholder="New amount" className={`form-control form-control-sm${amountError ? ' is-invalid' : ''}`}
          style={{ width: '8rem' }} value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={amountError ? `${id}-error` : undefined} />
        <button type="submit" className="btn btn-outline-primary btn-sm text-nowrap">
          Send new amount
        </button>
      </form>
      {amountError && <div id={`${id}-error`} className="text-danger">{amountError}</div>}
      <UsageAddOnFields id={id} value={addOnText} onChange={setAddOnText} error={addOns.error} />
      <ConfirmDialog show={confirm !== null} title={dialog.title} body={dialog.body} confirmLabel={dialog.label} cancelLabel="Cancel"
        onConfirm={run} onCancel={() => setConfirm(null)} busy={busy} danger={confirm === 'withdrawn' || over} />
    </div>
  )
}
