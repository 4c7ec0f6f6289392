import { useEffect, useId, useRef } from 'react'
import { Modal } from './modal'

/**
 * ConfirmDialog is a small accessible modal (Modal) asking to confirm or cancel.
 * @param {{show: boolean, title: import('react').ReactNode, body?: import('react').ReactNode, confirmLabel: string, cancelLabel: string, onConfirm: () => unknown, onCancel: () => unknown, busy?: boolean, danger?: boolean, children?: import('react').ReactNode}} props
 */
export function ConfirmDialog({ show, title, body, confirmLabel, cancelLabel, onConfirm, onCancel, busy, danger, children }) {
  const titleId = useId()
  const confirmRef = useRef(/** @type {HTMLButtonElement | null} */ (null))
  const cancelRef = useRef(/** @type {HTMLButtonElement | null} */ (null))

  useEffect(() => {
    // A destructive action starts focused on the safe choice.
    if (show) (danger ? cancelRef : confirmRef).current?.focus()
  }, [show, busy, onCancel, danger])

  if (!show) return null
  return (
    <Modal labelledBy={titleId} onClose={onCancel} busy={busy} closeOnBackdrop>
      <div className="modal-body text-center p-4">
        {children}
        <h2 id={titleId} className="h4 fw-bold mb-2">
          {title}
        </h2>
        <p className="text-secondary mb-4">{body}</p>
        <div className="d-flex gap-2 justify-content-center">
          <button ref={cancelRef} type="button" className="btn btn-outline-secondary px-4" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`btn px-4 ${danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  )
}
