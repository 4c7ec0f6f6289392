import { Link } from 'react-router-dom'
import { CheckboxField } from '../../../components/form/choice-fields'

export function TermsCheckbox() {
  return (
    <CheckboxField name="terms">
      I agree to the{' '}
      <Link to="/terms-and-conditions" target="_blank">
        Terms &amp; Conditions
      </Link>{' '}
      and{' '}
      <Link to="/privacy-policy" target="_blank">
        Privacy Policy
      </Link>
    </CheckboxField>
  )
}
