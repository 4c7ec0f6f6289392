/**
 * TextForm is one of the reading's small text forms: a labelled textarea, an optional hint under it (its count), the
 * error, and the submit and Cancel buttons.
 * @param {{id: string, label: import('react').ReactNode, value: string, onChange: (value: string) => void, maxLength: number,
 *   placeholder?: string, hint?: import('react').ReactNode, error: string, busy: boolean, submitLabel: string,
 *   onSubmit: (e: import('react').FormEvent) => unknown, onCancel: () => void, className?: string}} props
 */
export function TextForm({ id, label, value, onChange, maxLength, placeholder, hint, error, busy, submitLabel, onSubmit, onCancel, className = '' }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <form onSubmit={onSubmit} className={`d-flex flex-column gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        rows={2}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy || undefined}
        placeholder={placeholder}
      />
      {hint && (
        <span id={`${id}-hint`} className="small text-secondary">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </span>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
