import { useState } from 'react'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'

/**
 * usePaymentAction runs one move on an offer's payment (approve, retry, cancel): `run(call, done)` calls
 * `call(entryId)`, toasts `done` or the refusal, with a busy flag meanwhile.
 * @param {string} entryId
 */
export function usePaymentAction(entryId) {
  const [busy, setBusy] = useState(false)
  /**
   * @param {(entryId: string) => Promise<unknown>} call
   * @param {string} done
   */
  const run = async (call, done) => {
    setBusy(true)
    try {
      await call(entryId)
      toast.success(done)
    } catch (err) {
      toast.error(errorMessage(err, 'Something went wrong. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
