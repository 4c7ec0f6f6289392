import { useState } from 'react'
import { useFormikContext } from 'formik'
import { FieldFrame, describedBy, fieldId, useFieldError } from './field'

/**
 * TextField is a labelled formik input (text, email, number, date, password)
 * for flat or nested names. type=password gets a show/hide toggle; `prefix`
 * puts a text before the input ('$').
 * @param {{name: string, label: string, type?: string, required?: boolean, className?: string, hint?: import('react').ReactNode, prefix?: import('react').ReactNode} & Record<string, any>} props
 */
export function TextField({ name, label, type = 'text', required = true, className = '', hint, prefix, ...rest }) {
  const { getFieldProps } = useFormikContext()
  const error = useFieldError(name)
  const [shown, setShown] = useState(false)
  const id = fieldId(name)
  const isPassword = type === 'password'
  const input = (
    <input
      id={id}
      type={isPassword && shown ? 'text' : type}
      className={`form-control cc-input${error ? ' is-invalid' : ''}${isPassword ? ' pe-5' : ''}`}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy(name, error, !error && hint ? `${id}-hint` : null)}
      {...getFieldProps(name)}
      {...rest}
    />
  )
  return (
    <FieldFrame name={name} label={label} required={required} className={className} hint={hint}>
      {isPassword ? (
        <div className="position-relative">
          {input}
          <button
            type="button"
            className="btn btn-link cc-eye"
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOff /> : <Eye />}
          </button>
        </div>
      ) : prefix ? (
        <div className={`input-group${error ? ' has-validation' : ''}`}>
          <span className="input-group-text">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
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
