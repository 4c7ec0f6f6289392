import { Formik, Form } from 'formik'
import { deleteMyAccount } from '../api/delete-my-account'
import { RECOVERY_NOTE, deleteMyAccountSchema } from './delete-account-schema'
import { DeleteAccountDialog } from './delete-account-dialog'
import { useConfirmDeletion } from './use-confirm-deletion'
import { DeleteReasonFields } from './delete-reason-fields'

/** @typedef {{reason: string}} DeleteMyAccountValues */

/** DeleteMyAccountSection lets the signed-in user delete their own account with a reason, after the 'Delete Account?' confirmation. */
export function DeleteMyAccountSection() {
  const { asking, ask, deleting, onConfirm, cancel } = useConfirmDeletion(
    (/** @type {DeleteMyAccountValues} */ _values, reason) => deleteMyAccount({ reason }),
  )

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
          onSubmit={ask}
        >
          <Form noValidate>
            <DeleteReasonFields buttonClassName="px-4" />
          </Form>
        </Formik>
      </div>
      <DeleteAccountDialog show={asking} busy={deleting} onConfirm={onConfirm} onCancel={cancel} />
    </section>
  )
}
