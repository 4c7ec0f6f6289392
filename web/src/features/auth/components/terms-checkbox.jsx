import { Link } from 'react-router-dom'
import { useField } from 'formik'

export function TermsCheckbox() {
  const [field, meta] = useField({ name: 'terms', type: 'checkbox' })
  const invalid = Boolean(meta.touched && meta.error)
  return (
    <div className="mb-3">
      <div className="form-check">
        <input id="field-terms" className={`form-check-input${invalid ? ' is-invalid' : ''}`} type="checkbox" {...field} />
        <label className="form-check-label small" htmlFor="field-terms">
          I agree to the{' '}
          <Link to="/terms-and-conditions" target="_blank">
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" target="_blank">
            Privacy Policy
          </Link>
        </label>
      </div>
      {invalid && <div className="invalid-feedback d-block">{meta.error}</div>}
    </div>
  )
}
