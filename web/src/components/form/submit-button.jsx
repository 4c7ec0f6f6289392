/**
 * SubmitButton is a form's primary button: it shows `busyLabel` and a spinner
 * while submitting. className sizes it (full width by default, as on the auth pages).
 * @param {{busy?: boolean, label: import('react').ReactNode, busyLabel?: import('react').ReactNode, disabled?: boolean, className?: string}} props
 */
export function SubmitButton({ busy, label, busyLabel, disabled, className = 'w-100 cc-btn-lg' }) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy || disabled}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  )
}
