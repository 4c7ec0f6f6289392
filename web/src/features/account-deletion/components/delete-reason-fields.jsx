import { RadioGroup } from '../../../components/form/choice-fields'
import { DELETION_REASONS } from './delete-account-schema'

/**
 * DeleteReasonFields ends both deletion forms: why the user leaves, then the 'Delete My Account' button.
 * @param {{buttonClassName: string}} props
 */
export function DeleteReasonFields({ buttonClassName }) {
  return (
    <>
      <RadioGroup name="reason" legend="Why are you leaving?" options={DELETION_REASONS} />
      <button type="submit" className={`btn btn-danger ${buttonClassName}`}>
        Delete My Account
      </button>
    </>
  )
}
