import { useState } from 'react'
import { errorMessage } from '../../../lib/error-message'
import { formatAmount } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { runStripeCheck, startBankCheck, useFinishBankCheck } from '../api/payment'

/** @typedef {import('../../../lib/api-types').Schema<'PayoutPayment'>} Payment */

/**
 * BankCheck lets a brand editor finish the bank's check (3-D Secure) of a funding that waits for it: Stripe.js runs
 * the check with the real provider; in the sandbox, whose stand-in runs none, the page plays the bank and asks whether
 * the cardholder confirms. Either way the outcome is then read by the API and the payment shows it.
 * @param {{payment: Payment, entryId: string}} props
 */
export function BankCheck({ payment: p, entryId }) {
  const finish = useFinishBankCheck()
  const [busy, setBusy] = useState(false)
  const [sandbox, setSandbox] = useState(false)
  /** @param {() => Promise<Payment>} step */
  const settle = async (step) => {
    setBusy(true)
    try {
      const after = await step()
      if (after.state === 'funded') toast.success('Payment confirmed: the money is reserved')
      else if (after.state === 'funding_failed') toast.error(after.failure || 'Your bank did not confirm the payment.')
      else toast.info('The bank has not confirmed the payment yet')
      setSandbox(false)
    } catch (err) {
      toast.error(errorMessage(err, 'Could not finish the check. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const start = async () => {
    setBusy(true)
    try {
      const check = await startBankCheck(entryId)
      if (check.sandbox) {
        setSandbox(true)
        setBusy(false)
        return
      }
      const refused = await runStripeCheck(check.clientSecret)
      if (refused) toast.error(refused)
      await settle(() => finish(entryId))
    } catch (err) {
      toast.error(errorMessage(err, 'Could not start the check. Please try again.'))
      setBusy(false)
    }
  }
  if (!sandbox) {
    return (
      <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={start}>
        {busy ? 'Opening your bank…' : 'Confirm with your bank'}
      </button>
    )
  }
  return (
    <div role="group" aria-label="Your bank's check (sandbox)" className="border rounded p-2 mt-2 w-100">
      <p className="small mb-2">
        Sandbox bank: confirm the charge of {formatAmount(p.amount + (p.fee ?? 0), p.currency)} to your card? A real bank
        shows its own page here.
      </p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => settle(() => finish(entryId, 'succeeded'))}>
          Confirm payment
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} onClick={() => settle(() => finish(entryId, 'failed'))}>
          Refuse
        </button>
      </div>
    </div>
  )
}
