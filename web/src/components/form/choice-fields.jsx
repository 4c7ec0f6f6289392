import { getIn, useFormikContext } from 'formik'
import { FieldError, describedBy, fieldId, useFieldError } from './field'

/**
 * useChoice is the formik value under `name` and the setter that marks it touched.
 * @param {string} name
 * @returns {[unknown, (value: unknown) => void]}
 */
function useChoice(name) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext()
  const set = (/** @type {unknown} */ value) => {
    setFieldValue(name, value)
    setFieldTouched(name, true, false)
  }
  return [getIn(values, name), set]
}

/**
 * ChipGroup is a multi-select of pill checkboxes bound to a string array.
 * @param {{name: string, legend: import('react').ReactNode, options: string[], required?: boolean}} props
 */
export function ChipGroup({ name, legend, options, required = true }) {
  const [value, set] = useChoice(name)
  const selected = /** @type {string[]} */ (value || [])
  const error = useFieldError(name)
  const toggle = (/** @type {string} */ opt) => set(selected.includes(opt) ? selected.filter((o) => o !== opt) : [...selected, opt])
  return (
    <fieldset className="mb-3 cc-field" aria-describedby={describedBy(name, error)}>
      <legend className={`form-label fs-6 mb-2${required ? ' cc-required' : ''}`}>{legend}</legend>
      <div className="d-flex flex-wrap gap-2">
        {options.map((opt) => {
          const id = `${fieldId(name)}-${opt.replace(/\W+/g, '-')}`
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

/**
 * RadioGroup is a single choice of labelled radio buttons; options are strings
 * or {value, label}. `cards` shows each choice as a bordered card in a row.
 * @param {{name: string, legend: import('react').ReactNode, options: ReadonlyArray<string | {value: string, label: import('react').ReactNode}>,
 *   required?: boolean, cards?: boolean}} props
 */
export function RadioGroup({ name, legend, options, required = true, cards = false }) {
  const [value, set] = useChoice(name)
  const error = useFieldError(name)
  return (
    <fieldset className="mb-3 cc-field" aria-describedby={describedBy(name, error)}>
      <legend className={`form-label fs-6 mb-2${required ? ' cc-required' : ''}`}>{legend}</legend>
      <div className={cards ? 'd-flex flex-column flex-sm-row flex-wrap gap-2' : undefined}>
        {options.map((o) => {
          const opt = typeof o === 'object' ? o : { value: o, label: o }
          const id = `${fieldId(name)}-${String(opt.value).replace(/\W+/g, '-')}`
          const checked = value === opt.value
          const input = (
            <input
              id={id}
              type="radio"
              className={`form-check-input${cards ? ' mt-0' : ''}${error && !cards ? ' is-invalid' : ''}`}
              name={name}
              value={opt.value}
              checked={checked}
              onChange={() => set(opt.value)}
            />
          )
          return cards ? (
            <label key={opt.value} htmlFor={id} className={`cc-radio-card${checked ? ' active' : ''}${error ? ' is-invalid' : ''}`}>
              {input}
              <span>{opt.label}</span>
            </label>
          ) : (
            <div key={opt.value} className="form-check mb-1">
              {input}
              <label className="form-check-label" htmlFor={id}>
                {opt.label}
              </label>
            </div>
          )
        })}
      </div>
      <FieldError name={name} />
    </fieldset>
  )
}

/**
 * CheckboxField is one formik checkbox whose label may hold links.
 * @param {{name: string, children: import('react').ReactNode}} props
 */
export function CheckboxField({ name, children }) {
  const { getFieldProps } = useFormikContext()
  const error = useFieldError(name)
  const id = fieldId(name)
  return (
    <div className="mb-3">
      <div className="form-check">
        <input
          id={id}
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(name, error)}
          {...getFieldProps({ name, type: 'checkbox' })}
        />
        <label className="form-check-label small" htmlFor={id}>
          {children}
        </label>
      </div>
      <FieldError name={name} />
    </div>
  )
}
