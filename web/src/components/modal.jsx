import { useEffect } from 'react'

/**
 * Modal is the frame of every dialog, on bootstrap's CSS only: the backdrop, the centred box labelled by
 * `labelledBy`, and while it is shown the page behind it held still (`modal-open`). Escape closes it unless
 * `busy`; so does a click outside the box where `closeOnBackdrop`. Render it only while the dialog is open;
 * where the focus starts is the caller's (it knows which control comes first).
 * @param {{labelledBy: string, onClose: () => unknown, busy?: boolean, closeOnBackdrop?: boolean,
 *   boxRef?: import('react').Ref<HTMLDivElement>, children: import('react').ReactNode}} props
 */
export function Modal({ labelledBy, onClose, busy = false, closeOnBackdrop = false, boxRef, children }) {
  useEffect(() => {
    /** @param {KeyboardEvent} e */
    const onKey = (e) => {
      if (e.key === 'Escape' && !busy) onClose()
    }
    document.addEventListener('keydown', onKey)
    document.body.classList.add('modal-open')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.classList.remove('modal-open')
    }
  }, [busy, onClose])
  /** @param {import('react').MouseEvent} e */
  const onBackdrop = (e) => e.target === e.currentTarget && !busy && onClose()
  return (
    <>
      <div className="modal d-block" role="presentation" tabIndex={-1} onClick={closeOnBackdrop ? onBackdrop : undefined}>
        <div className="modal-dialog modal-dialog-centered">
          <div ref={boxRef} className="modal-content cc-dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
            {children}
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>
  )
}
