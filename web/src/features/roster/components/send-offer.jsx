import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatMoney } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useUpdateBrandOffers } from '../api/update-brand-offers'

/**
 * SendOffer is a draft offer's "Send offer" for a brand editor: confirmed, it moves the offer to sent, so the
 * creator (when linked to an account) sees it on their Offers page and is mailed.
 */
export function SendOffer({ campaignId, entry }) {
  const update = useUpdateBrandOffers(campaignId)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const name = entry.creator?.name ?? 'the creator'
  const value = entry.offer?.amount ?? entry.estimatedFee
  const amount = formatMoney(value)
  const send = async () => {
    setBusy(true)
    try {
      await update(campaignId, [{ entryId: entry._id, status: 'sent', amount: value }])
      toast.success(`Offer of ${amount} sent to ${name}`)
      setConfirming(false)
    } catch (err) {
      toast.error(err?.message || 'Could not send the offer. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <span className="text-capitalize me-2">draft</span>
      <button type="button" className="btn btn-primary btn-sm" aria-label={`Send offer to ${name}`} onClick={() => setConfirming(true)}>
        Send offer
      </button>
      <ConfirmDialog show={confirming} title="Send this offer?" body={`${name} is offered ${amount} and may accept, counter or decline.`} confirmLabel="Send offer" cancelLabel="Cancel"
        onConfirm={send} onCancel={() => setConfirming(false)} busy={busy} />
    </>
  )
}
