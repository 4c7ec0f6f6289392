import { getIn, useFormikContext } from 'formik'
import { INSTRUCTIONS_MAX } from './campaign-options'

/** useFieldError returns the error of `name` once it was touched or the form submitted. */
export function useFieldError(name) {
  const { errors, touched, submitCount } = useFormikContext()
  const error = getIn(errors, name)
  return (getIn(touched, name) || submitCount > 0) && typeof error === 'string' ? error : null
}

const idOf = (name) => `field-${name.replace(/\./g, '-')}`

export function FieldError({ name, id = `${idOf(name)}-error` }) {
  const error = useFieldError(name)
  if (!error) return null
  return (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  )
}

/** ChipGroup is a multi-select of pill checkboxes bound to a string array. */
export function ChipGroup({ name, legend, options, required = true }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext()
  const selected = getIn(values, name) || []
  const error = useFieldError(name)
  const toggle = (opt) => {
    const next = selected.includes(opt) ? selected.filter((o) => o !== opt) : [...selected, opt]
    setFieldValue(name, next)
    setFieldTouched(name, true, false)
  }
  return (
    <fieldset className="mb-3 cc-field" aria-describedby={error ? `${idOf(name)}-error` : undefined}>
      <legend className={`form-label fs-6 mb-2${required ? ' cc-required' : ''}`}>{legend}</legend>
      <div className="d-flex flex-wrap gap-2">
        {options.map((opt) => {
          const id = `${idOf(name)}-${opt.replace(/\W+/g, '-')}`
          return (
            <span key={opt}>
              <input id={id} type="checkbox" className="btn-check" checked={selected.includes(opt)} onChange={() => toggle(opt)} autoComplete="off" />
              <label htmlFor={id} className={`btn btn-sm rounded-pill cc-chip${error ? ' cc-chip-invalid' : ''}`}>
                {opt}
              </label>
            </span>
          )
        })}
      </div>
      <FieldError name={name} />
    </fieldset>
  )
}

/** RadioCards is a single choice of labelled radio buttons. */
export function RadioCards({ name, legend, options }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext()
  const value = getIn(values, name)
  const error = useFieldError(name)
  return (
    <fieldset className="mb-3 cc-field" aria-describedby={error ? `${idOf(name)}-error` : undefined}>
      <legend className="form-label fs-6 mb-2 cc-required">{legend}</legend>
      <div className="d-flex flex-column flex-sm-row flex-wrap gap-2">
        {options.map((opt) => {
          const id = `${idOf(name)}-${opt.value}`
          return (
            <label key={opt.value} htmlFor={id} className={`cc-radio-card${value === opt.value ? ' active' : ''}${error ? ' is-invalid' : ''}`}>
              <input
                id={id}
                type="radio"
                className="form-check-input mt-0"
                name={name}
                value={opt.value}
                checked={value === opt.value}
                onChange={() => {
                  setFieldValue(name, opt.value)
                  setFieldTouched(name, true, false)
                }}
              />
              <span>{opt.label}</span>
            </label>
          )
        })}
      </div>
      <FieldError name={name} />
    </fieldset>
  )
}

/** InputField is a labelled formik input for nested names (dates, numbers, text). */
export function InputField({ name, label, required = true, className = '', prefix, ...rest }) {
  const { getFieldProps } = useFormikContext()
  const error = useFieldError(name)
  const id = idOf(name)
  const input = (
    <input
      id={id}
      className={`form-control cc-input${error ? ' is-invalid' : ''}`}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
      {...getFieldProps(name)}
      {...rest}
    />
  )
  return (
    <div className={`mb-3 cc-field ${className}`}>
      <label htmlFor={id} className={`form-label${required ? ' cc-required' : ''}`}>
        {label}
      </label>
      {prefix ? (
        <div className={`input-group${error ? ' has-validation' : ''}`}>
          <span className="input-group-text">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldError name={name} />
    </div>
  )
}

/** NarrowSelect is the 120 px dropdown of the 'Audience Demographics' card. */
export function NarrowSelect({ name, label, options, placeholder = 'Select' }) {
  const { getFieldProps } = useFormikContext()
  const error = useFieldError(name)
  const id = idOf(name)
  return (
    <div className="mb-3 cc-field">
      <label htmlFor={id} className="form-label cc-required">
        {label}
      </label>
      <select
        id={id}
        className={`form-select cc-input cc-select-narrow${error ? ' is-invalid' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...getFieldProps(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldError name={name} />
    </div>
  )
}

/** InstructionsField is the additional instructions textarea with a character counter. */
export function InstructionsField() {
  const { getFieldProps, values } = useFormikContext()
  const name = 'additionalInstructions'
  const error = useFieldError(name)
  const count = values[name].length
  const over = count > INSTRUCTIONS_MAX
  return (
    <div className="mb-3 cc-field">
      <label htmlFor={idOf(name)} className="form-label">
        Additional Instructions
      </label>
      <textarea
        id={idOf(name)}
        rows={4}
        className={`form-control${error ? ' is-invalid' : ''}`}
        placeholder="Anything creators should know: talking points, do's and don'ts, hashtags…"
        aria-describedby={`${idOf(name)}-count${error ? ` ${idOf(name)}-error` : ''}`}
        {...getFieldProps(name)}
      />
      <div className="d-flex justify-content-between gap-2">
        <FieldError name={name} />
        <div id={`${idOf(name)}-count`} className={`form-text ms-auto text-nowrap${over ? ' text-danger fw-semibold' : ''}`} aria-live="polite">
          {count}/{INSTRUCTIONS_MAX}
        </div>
      </div>
    </div>
  )
}
