import { toast } from '../../../lib/toast'
import { useBusy } from '../../../lib/use-busy'

/**
 * usePaymentAction runs one move on an offer's payment (approve, retry, cancel): `run(call, done)` calls
 * `call(entryId)`, toasts `done` or the refusal, with a busy flag meanwhile.
 * @param {string} entryId
 */
export function usePaymentAction(entryId) {
  const task = useBusy()
  /**
   * @param {(entryId: string) => Promise<unknown>} call
   * @param {string} done
   */
  const run = (call, done) =>
    task.run(async () => {
      await call(entryId)
      toast.success(done)
    }, 'Something went wrong. Please try again.')
  return { busy: task.busy, run }
}
