import { ConfirmDialog } from '../../../components/confirm-dialog'

/**
 * DeleteAccountDialog is the product's 'Delete Account?' confirmation, shared by the public and the signed-in deletion.
 * @param {{show: boolean, busy: boolean, onConfirm: () => void, onCancel: () => void}} props
 */
export function DeleteAccountDialog({ show, busy, onConfirm, onCancel }) {
  return (
    <ConfirmDialog
      show={show}
      title="Delete Account?"
      body="Are you sure you want to permanently delete your account? This action cannot be undone."
      confirmLabel="Yes, Delete"
      cancelLabel="No, Cancel"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
