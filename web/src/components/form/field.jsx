import { getIn, useFormikContext } from 'formik'

/**
 * fieldId is the one id scheme of form controls: field-<name with dots as dashes>.
 * @param {string} name
 */
export function fieldId(name) {
  return `field-${name.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`
}

/**
 * useFieldError returns the error of `name` to show, or null. The one rule: an
 * error shows once the field was touched or the form was submitted.
 * @param {string} name
 * @returns {string | null}
 */
export function useFieldError(name) {
  const { errors, touched, submitCount } = useFormikContext()
  const error = getIn(errors, name)
  return (getIn(touched, name) || submitCount > 0) && typeof error === 'string' ? error : null
}

/**
 * FieldError renders the shown error of `name` under its control.
 * @param {{name: string}} props
 */
export function FieldError({ name }) {
  const error = useFieldError(name)
  if (!error) return null
  return (
    <div id={`${fieldId(name)}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  )
}

/**
 * describedBy lists the ids that describe a control: its hint or counter, then its error.
 * @param {string} name
 * @param {string | null | undefined} error
 * @param {...(string | null | undefined)} ids
 */
export function describedBy(name, error, ...ids) {
  const all = [...ids.filter(Boolean), error ? `${fieldId(name)}-error` : null].filter(Boolean)
  return all.length ? all.join(' ') : undefined
}

/**
 * FieldFrame is the label, the control, the error (or the hint) of one field.
 * @param {{name: string, label: import('react').ReactNode, required?: boolean, className?: string, hint?: import('react').ReactNode, children: import('react').ReactNode}} props
 */
export function FieldFrame({ name, label, required = true, className = '', hint, children }) {
  const error = useFieldError(name)
  return (
    <div className={`mb-3 cc-field ${className}`}>
      <label htmlFor={fieldId(name)} className={`form-label${required ? ' cc-required' : ''}`}>
        {label}
      </label>
      {children}
      {error ? <FieldError name={name} /> : hint && <div id={`${fieldId(name)}-hint`} className="form-text">{hint}</div>}
    </div>
  )
}
