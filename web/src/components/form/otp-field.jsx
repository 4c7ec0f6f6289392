import { getIn, useFormikContext } from 'formik'
import { OtpInput } from '../otp-input'
import { FieldError, useFieldError } from './field'

/**
 * OtpField binds the six code boxes to the formik string `name`, with its error below.
 * @param {{name?: string, label?: string, legend?: import('react').ReactNode, className?: string}} props
 */
export function OtpField({ name = 'otp', label = 'Verification code', legend, className = 'mb-3' }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext()
  const error = useFieldError(name)
  return (
    <div className={className}>
      {legend && (
        <p className="form-label cc-required mb-2">
          {legend}
        </p>
      )}
      <OtpInput
        label={label}
        value={getIn(values, name)}
        onChange={(v) => setFieldValue(name, v)}
        onBlur={() => setFieldTouched(name, true, false)}
        invalid={Boolean(error)}
      />
      <div className="mt-2" style={{ minHeight: '1.5rem' }}>
        <FieldError name={name} />
      </div>
    </div>
  )
}
