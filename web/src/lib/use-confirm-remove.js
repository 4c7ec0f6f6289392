import { useState } from 'react'
import { errorMessage } from './error-message'
import { toast } from './toast'

/**
 * useConfirmRemove holds the saved card a person asked to remove (`ask`) while a dialog confirms it: `confirm()`
 * removes it with `remove(card)`, toasts the answer's message or the refusal, and closes the dialog (`removing` null).
 * @template T
 * @param {(card: T) => Promise<{message?: string} | null | undefined>} remove
 */
export function useConfirmRemove(remove) {
  const [removing, setRemoving] = useState(/** @type {T | null} */ (null))
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!removing) return
    setBusy(true)
    try {
      const out = await remove(removing)
      toast.success(out?.message || 'Card removed')
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove the card. Please try again.'))
    } finally {
      setBusy(false)
      setRemoving(null)
    }
  }
  return { removing, ask: setRemoving, cancel: () => setRemoving(null), busy, confirm }
}
