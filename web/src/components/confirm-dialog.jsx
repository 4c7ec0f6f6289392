import { useEffect, useId, useRef } from 'react'

/**
 * ConfirmDialog is a small accessible modal built on bootstrap's CSS only.
 * @param {{show: boolean, title: import('react').ReactNode, body?: import('react').ReactNode, confirmLabel: string, cancelLabel: string, onConfirm: () => unknown, onCancel: () => unknown, busy?: boolean, danger?: boolean, children?: import('react').ReactNode}} props
 */
export function ConfirmDialog({ show, title, body, confirmLabel, cancelLabel, onConfirm, onCancel, busy, danger, children }) {
  const titleId = useId()
  const confirmRef = useRef(null)
  const cancelRef = useRef(null)

  useEffect(() => {
    if (!show) return undefined
    // A destructive action starts focused on the safe choice.
    ;(danger ? cancelRef : confirmRef).current?.focus()
    const onKey = (e) => {
      if (e.key === 'Escape' && !busy) onCancel()
    }
    document.addEventListener('keydown', onKey)
    document.body.classList.add('modal-open')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.classList.remove('modal-open')
    }
  }, [show, busy, onCancel, danger])

  if (!show) return null
  return (
    <>
      <div className="modal d-block" role="presentation" tabIndex={-1} onClick={(e) => e.target === e.currentTarget && !busy && onCancel()}>
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content cc-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
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
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>
  )
}
