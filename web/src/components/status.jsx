/**
 * Loading is the one spinner of the app: `label` is read out to screen readers;
 * `fullScreen` fills the viewport (lazy pages, the startup profile).
 */
export function Loading({ label = 'Loading…', fullScreen = false }) {
  const frame = fullScreen ? 'cc-fullscreen d-flex align-items-center justify-content-center' : 'd-flex justify-content-center py-5'
  return (
    <div className={frame} role="status" aria-live="polite">
      <div className="spinner-border text-primary" style={fullScreen ? { width: '3rem', height: '3rem' } : undefined} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

/**
 * LoadError shows why data could not load with a 'Try again' button calling
 * onRetry. An error carrying field errors (a refused query) lists them instead,
 * since trying the same query again cannot help.
 * @param {{error?: {message?: string, fields?: Record<string, string> | null} | null, onRetry?: () => unknown, className?: string}} props
 */
export function LoadError({ error, onRetry, className = '' }) {
  const fields = error?.fields ? Object.entries(error.fields) : []
  return (
    <div className={`alert alert-danger mb-0 ${className}`} role="alert">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">{error?.message || 'Something went wrong. Please try again.'}</span>
        {!fields.length && onRetry && (
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
      {fields.length > 0 && (
        <ul className="mb-0 mt-1 small">
          {fields.map(([name, msg]) => (
            <li key={name}>
              {name}: {msg}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
