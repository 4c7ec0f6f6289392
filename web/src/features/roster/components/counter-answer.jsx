import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatMoney } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useUpdateBrandOffers } from '../api/update-brand-offers'
import { moveEffect } from '../lib/budget'
import { BudgetEffect } from './budget-effect'

/**
 * CounterAnswer shows a countered offer's ask (the amount and the creator's
 * message) and lets a brand editor accept it, send a new amount or withdraw
 * the offer, each confirmed; accepting and a new amount show the campaign's budget and the move's effect and,
 * over the budget, say so and confirm it explicitly. Opened from "Waiting on you" (the page's #counter-<entry> anchor),
 * it is scrolled to and focused.
 */
export function CounterAnswer({ campaignId, entry, roster }) {
  const id = useId()
  const update = useUpdateBrandOffers(campaignId)
  const [confirm, setConfirm] = useState(null) // 'accepted' | 'sent' | 'withdrawn'
  const [amount, setAmount] = useState('')
  const [amountError, setAmountError] = useState('')
  const [busy, setBusy] = useState(false)
  const offer = entry.offer ?? {}
  const name = entry.creator?.name ?? 'the creator'
  const anchor = `counter-${entry._id}`
  const { hash } = useLocation()
  const box = useRef(null)
  useEffect(() => {
    if (hash !== `#${anchor}` || !box.current) return
    box.current.focus({ preventScroll: true })
    box.current.scrollIntoView?.({ block: 'center' })
  }, [hash, anchor])

  const review = (e) => {
    e.preventDefault()
    const n = Number(amount)
    if (!amount || !Number.isFinite(n) || n < 1 || n > 1000000) {
      setAmountError('Enter an amount between $1 and $1,000,000')
      return
    }
    setAmountError('')
    setConfirm('sent')
  }
  const run = async () => {
    setBusy(true)
    const change = { entryId: entry._id, status: confirm }
    if (confirm === 'sent') change.amount = Number(amount)
    try {
      await update(campaignId, [change], over)
      toast.success({ accepted: `Counter accepted: ${name} is in at ${formatMoney(offer.amount)}`, sent: `New offer of ${formatMoney(Number(amount))} sent to ${name}`, withdrawn: `Offer to ${name} withdrawn` }[confirm])
    } catch (err) {
      toast.error(err?.message || 'Could not answer the counter. Please try again.')
    } finally {
      setBusy(false)
      setConfirm(null)
    }
  }
  const moneyMove = confirm === 'accepted' ? Number(offer.amount ?? 0) : confirm === 'sent' ? Number(amount) : 0
  const over = roster && moneyMove > 0 ? moveEffect(roster, entry._id, moneyMove).overBy > 0 : false
  const effect = moneyMove > 0 ? <BudgetEffect roster={roster} entryId={entry._id} amount={moneyMove} /> : null
  const dialog = {
    accepted: { title: 'Accept the counter?', body: <>{name} joins the campaign at {formatMoney(offer.amount)}.{effect}</>, label: over ? 'Accept over budget' : 'Accept counter' },
    sent: { title: 'Send a new amount?', body: <>{name} is offered {formatMoney(Number(amount))} and may answer again.{effect}</>, label: over ? 'Send over budget' : 'Send offer' },
    withdrawn: { title: 'Withdraw the offer?', body: `${name} is told the offer is withdrawn. This cannot be undone.`, label: 'Withdraw offer' },
  }[confirm ?? 'accepted']
  const ask = [...(offer.history ?? [])].reverse().find((h) => h.to === 'countered')
  return (
    <div className="small" aria-label={`Counter from ${name}`} role="group" id={anchor} ref={box} tabIndex={-1}>
      <div>
        Asks <strong>{formatMoney(offer.amount)}</strong>
      </div>
      {ask?.note && <div className="fst-italic text-secondary">“{ask.note}”</div>}
      <div className="d-flex flex-wrap gap-1 mt-1">
        <button type="button" className="btn btn-success btn-sm" onClick={() => setConfirm('accepted')}>
          Accept counter
        </button>
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
      <ConfirmDialog show={confirm !== null} title={dialog.title} body={dialog.body} confirmLabel={dialog.label} cancelLabel="Cancel"
        onConfirm={run} onCancel={() => setConfirm(null)} busy={busy} danger={confirm === 'withdrawn' || over} />
    </div>
  )
}
