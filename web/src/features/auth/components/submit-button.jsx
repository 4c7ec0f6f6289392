/** SubmitButton shows `busyLabel` and a spinner while submitting. */
export function SubmitButton({ busy, label, busyLabel, disabled }) {
  return (
    <button type="submit" className="btn btn-primary w-100 cc-btn-lg" disabled={busy || disabled}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  )
}
