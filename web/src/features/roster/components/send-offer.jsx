import { useCallback, useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatMoney } from '../../../lib/format'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { useUpdateBrandOffers } from '../api/update-brand-offers'
import { moveEffect } from '../lib/budget'
import { BudgetEffect } from './budget-effect'
import { UsageAddOnFields, emptyAddOns, readAddOns } from './usage-addons'

/**
 * SendOffer is a draft offer's "Send offer" for a brand editor: the brand may change the amount and add a message,
 * offer paid usage add-ons (each with its own amount), sees the campaign's budget and this offer's effect, and confirms (explicitly over the budget, which the API
 * enforces with confirmOverBudget); it moves the offer to sent, so the creator (when linked to an account) sees it
 * on their Offers page and is mailed. Then `onSent` opens the agreement, which the brand signs ("Sign the agreement").
 * @param {{campaignId: string, entry: import('../../../lib/api-types').Schema<'RosterEntry'>, roster: import('../../../lib/api-types').Schema<'Roster'>, onSent?: () => unknown}} props
 */
export function SendOffer({ campaignId, entry, roster, onSent = undefined }) {
  const id = useId()
  const update = useUpdateBrandOffers(campaignId)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const name = entry.creator?.name ?? 'the creator'
  const [amount, setAmount] = useState(String(entry.offer?.amount ?? entry.estimatedFee ?? ''))
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const [addOnText, setAddOnText] = useState(() => emptyAddOns(entry.offer?.usageAddOns))
  const addOns = readAddOns(addOnText)
  const value = Number(amount)
  const valid = amount !== '' && Number.isFinite(value) && value >= 1 && value <= 1000000
  const total = valid ? Math.round((value + addOns.total) * 100) / 100 : 0
  const over = roster ? moveEffect(roster, entry._id, total).overBy > 0 : false
  // A stable onCancel: the dialog refocuses its button whenever onCancel changes, which would steal the typing.
  const cancel = useCallback(() => setConfirming(false), [])
  const send = async () => {
    if (!valid) {
      setError('Enter an amount between $1 and $1,000,000')
      return
    }
    if (addOns.error) return
    setBusy(true)
    try {
      /** @type {import('../../../lib/api-types').Schema<'OfferChange'>} */
      const change = { entryId: entry._id, status: 'sent', amount: value }
      // Sent only when offered or when earlier ones are removed: absent keeps none.
      if (addOns.addOns.length || entry.offer?.usageAddOns?.length) change.usageAddOns = addOns.addOns
      if (note.trim()) change.note = note.trim()
      await update(campaignId, [change], over)
      toast.success(`Offer of ${formatMoney(total)} sent to ${name}`)
      setConfirming(false)
      onSent?.()
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the offer. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const body = (
    <>
      <span className="d-block">{name} may accept, counter or decline.</span>
      <span className="d-block text-start mt-2">
        <label htmlFor={`${id}-amount`} className="form-label small mb-1">
          Amount (USD)
        </label>
        <input id={`${id}-amount`} type="number" min="1" max="1000000" className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} value={amount}
          onChange={(e) => { setAmount(e.target.value); setError('') }} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <span id={`${id}-error`} className="d-block small text-danger">{error}</span>}
        <label htmlFor={`${id}-note`} className="form-label small mb-1 mt-2">
          Message to {name} (optional)
        </label>
        <textarea id={`${id}-note`} rows={2} maxLength={500} className="form-control form-control-sm" value={note} onChange={(e) => setNote(e.target.value)} />
        <UsageAddOnFields id={id} value={addOnText} onChange={setAddOnText} error={addOns.error} />
      </span>
      <BudgetEffect roster={roster} entryId={entry._id} amount={total} />
    </>
  )
  return (
    <>
      <span className="text-capitalize me-2">draft</span>
      <button type="button" className="btn btn-primary btn-sm" aria-label={`Send offer to ${name}`} onClick={() => setConfirming(true)}>
        Send offer
      </button>
      <ConfirmDialog show={confirming} title="Send this offer?" body={body} confirmLabel={over ? 'Send over budget' : 'Send offer'} cancelLabel="Cancel"
        onConfirm={send} onCancel={cancel} busy={busy} />
    </>
  )
}
