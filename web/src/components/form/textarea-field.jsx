import { getIn, useFormikContext } from 'formik'
import { FieldError, describedBy, fieldId, useFieldError } from './field'

/**
 * TextAreaField is a labelled formik textarea; with `limit` it shows a 'count/max' counter. Other props go to the
 * textarea.
 * @param {{name: string, label: import('react').ReactNode, required?: boolean, limit?: number, rows?: number, className?: string}
 *   & Omit<import('react').TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'required' | 'rows' | 'className'>} props
 */
export function TextAreaField({ name, label, required = false, limit, rows = 4, className = '', ...rest }) {
  const { getFieldProps, values } = useFormikContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  const count = String(getIn(values, name) ?? '').length
  const over = limit != null && count > limit
  return (
    <div className={`mb-3 cc-field ${className}`}>
      <label htmlFor={id} className={`form-label${required ? ' cc-required' : ''}`}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(name, error, limit != null ? `${id}-count` : null)}
        {...getFieldProps(name)}
        {...rest}
      />
      <div className="d-flex justify-content-between gap-2">
        <FieldError name={name} />
        {limit != null && (
          <div id={`${id}-count`} className={`form-text ms-auto text-nowrap${over ? ' text-danger fw-semibold' : ''}`} aria-live="polite">
            {count}/{limit}
          </div>
        )}
      </div>
    </div>
  )
}
