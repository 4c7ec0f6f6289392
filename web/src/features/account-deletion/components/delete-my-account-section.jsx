import { useState } from 'react'
import { Formik, Form } from 'formik'
import { deleteMyAccount } from '../api/delete-my-account'
import { showServerError } from '../../../lib/form-errors'
import { RECOVERY_NOTE, REASON_REQUIRED, isDeletionReason, deleteMyAccountSchema } from './delete-account-schema'
import { DeleteAccountDialog } from './delete-account-dialog'
import { useAccountDeleted } from './use-account-deleted'
import { DeleteReasonFields } from './delete-reason-fields'

/** @typedef {{reason: string}} DeleteMyAccountValues */
/** @typedef {{values: DeleteMyAccountValues, helpers: import('formik').FormikHelpers<DeleteMyAccountValues>}} Confirming */

/** DeleteMyAccountSection lets the signed-in user delete their own account with a reason, after the 'Delete Account?' confirmation. */
export function DeleteMyAccountSection() {
  const accountDeleted = useAccountDeleted()
  const [confirming, setConfirming] = useState(/** @type {Confirming | null} */ (null))
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
      await deleteMyAccount({ reason: reason })
      setConfirming(null)
      accountDeleted()
    } catch (err) {
      setConfirming(null)
      setDeleting(false)
      showServerError(err, helpers, 'Failed to delete account. Please try again.')
    }
  }

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="cc-delete-title">
      <div className="card-body p-4">
        <h2 id="cc-delete-title" className="h5 fw-bold mb-1">
          Delete my account
        </h2>
        <p className="text-secondary small mb-3">{RECOVERY_NOTE}</p>
        <Formik
          initialValues={{ reason: '' }}
          validationSchema={deleteMyAccountSchema}
          onSubmit={(values, helpers) => {
            setConfirming({ values, helpers })
            helpers.setSubmitting(false)
          }}
        >
          <Form noValidate>
            <DeleteReasonFields buttonClassName="px-4" />
          </Form>
        </Formik>
      </div>
      <DeleteAccountDialog show={Boolean(confirming)} busy={deleting} onConfirm={onConfirm} onCancel={() => setConfirming(null)} />
    </section>
  )
}
