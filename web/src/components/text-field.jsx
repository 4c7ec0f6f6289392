import { useState } from 'react'
import { useField } from 'formik'

/** TextField is a labelled formik input with its error below; type=password gets a show/hide toggle. */
export function TextField({ label, name, type = 'text', required = true, className = '', hint, ...rest }) {
  const [field, meta] = useField(name)
  const [shown, setShown] = useState(false)
  const id = `field-${name}`
  const invalid = Boolean(meta.touched && meta.error)
  const isPassword = type === 'password'
  return (
    <div className={`mb-3 cc-field ${className}`}>
      <label htmlFor={id} className={`form-label${required ? ' cc-required' : ''}`}>
        {label}
      </label>
      <div className={isPassword ? 'position-relative' : undefined}>
        <input
          id={id}
          type={isPassword && shown ? 'text' : type}
          className={`form-control cc-input${invalid ? ' is-invalid' : ''}${isPassword ? ' pe-5' : ''}`}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          {...field}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="btn btn-link cc-eye"
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOff /> : <Eye />}
          </button>
        )}
      </div>
      {invalid ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {meta.error}
        </div>
      ) : (
        hint && <div className="form-text">{hint}</div>
      )}
    </div>
  )
}

function Eye() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  )
}

function EyeOff() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94" />
      <path d="M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19" />
      <line x1="1" y1="1" x2="23" y2="23" />
    </svg>
  )
}
