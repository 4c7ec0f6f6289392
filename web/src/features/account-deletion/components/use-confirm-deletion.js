import { useState } from 'react'
import { showServerError } from '../../../lib/form-errors'
import { REASON_REQUIRED, isDeletionReason } from './delete-account-schema'
import { useAccountDeleted } from './use-account-deleted'

/**
 * useConfirmDeletion holds a deletion form's values while the 'Delete Account?' dialog asks (`ask`), and on
 * `onConfirm` deletes the account with `remove` (given the values and their checked reason), then follows
 * useAccountDeleted; a refusal goes back to the form as its errors.
 * @template {{reason: string}} V
 * @param {(values: V, reason: import('./delete-account-schema').DeletionReason) => Promise<unknown>} remove
 */
export function useConfirmDeletion(remove) {
  const accountDeleted = useAccountDeleted()
  const [confirming, setConfirming] = useState(/** @type {{values: V, helpers: import('formik').FormikHelpers<V>} | null} */ (null))
  const [deleting, setDeleting] = useState(false)

  const onConfirm = async () => {
    if (!confirming) return
    const { values, helpers } = confirming
    const reason = values.reason
    if (!isDeletionReason(reason)) {
      setConfirming(null)
      helpers.setFieldError('reason', REASON_REQUIRED)
      return
    }
    setDeleting(true)
    try {
      await remove(values, reason)
      setConfirming(null)
      accountDeleted()
    } catch (err) {
      setConfirming(null)
      showServerError(err, helpers, 'Failed to delete account. Please try again.')
    } finally {
      setDeleting(false)
    }
  }
  /**
   * @param {V} values
   * @param {import('formik').FormikHelpers<V>} helpers
   */
  const ask = (values, helpers) => {
    setConfirming({ values, helpers })
    helpers.setSubmitting(false)
  }
  return { asking: Boolean(confirming), ask, deleting, onConfirm, cancel: () => setConfirming(null) }
}
