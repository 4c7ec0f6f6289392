import { useFormikContext } from 'formik'
import { FieldFrame, describedBy, fieldId, useFieldError } from './field'

/**
 * SelectField is a labelled formik dropdown. options are strings or
 * {value, label}; `placeholder` is the empty first choice; `narrow` is the
 * 120 px variant of the 'Audience Demographics' card; `note` is a line under it.
 * @param {{name: string, label: import('react').ReactNode, options: Array<string | number | {value: string | number, label: import('react').ReactNode}>, placeholder?: string, required?: boolean, narrow?: boolean, className?: string, note?: import('react').ReactNode}} props
 */
export function SelectField({ name, label, options, placeholder = 'Select', required = true, narrow = false, className = '', note }) {
  const { getFieldProps } = useFormikContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <FieldFrame name={name} label={label} required={required} className={className}>
      <select
        id={id}
        className={`form-select cc-input${narrow ? ' cc-select-narrow' : ''}${error ? ' is-invalid' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(name, error)}
        {...getFieldProps(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const { value, label: text } = typeof o === 'object' ? o : { value: o, label: o }
          return (
            <option key={value} value={value}>
              {text}
            </option>
          )
        })}
      </select>
      {note}
    </FieldFrame>
  )
}
