export function FullScreenSpinner() {
  return (
    <div className="cc-fullscreen d-flex align-items-center justify-content-center" role="status" aria-live="polite">
      <div className="spinner-border text-primary" style={{ width: '3rem', height: '3rem' }} aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  )
}
