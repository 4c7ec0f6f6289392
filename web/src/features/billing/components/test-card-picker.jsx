import { Form, Formik } from 'formik'
import * as yup from 'yup'
import { SelectField } from '../../../components/form/select-field'
import { FormActions } from '../../../components/form/form-actions'
import { showServerError } from '../../../lib/form-errors'
import { optionList } from '../../../lib/options'

/** TEST_CARDS are the payment provider's test payment methods offered in the offline sandbox. */
export const TEST_CARDS = optionList({
  pm_card_visa: 'Visa 4242 (succeeds)',
  pm_card_mastercard: 'Mastercard 4444 (succeeds)',
  pm_card_amex: 'American Express 8431 (succeeds)',
  pm_card_discover: 'Discover 1117 (succeeds)',
  pm_card_visa_debit: 'Visa debit 5556 (succeeds)',
  pm_card_chargeDeclined: 'Visa 0002 (declined)',
  pm_card_chargeDeclinedInsufficientFunds: 'Visa 9995 (insufficient funds)',
})

const schema = yup.object({ id: yup.string().required('Please choose a test card') })

/**
 * TestCardPicker stands in for Stripe Elements in the offline sandbox, where
 * Stripe.js cannot load: the chosen test payment method id is what onSave
 * sends to POST /api/cards.
 * @param {{onSave: (id: string) => Promise<void>, onCancel: () => void}} props
 */
export function TestCardPicker({ onSave, onCancel }) {
  /**
   * @param {{id: string}} values
   * @param {import('formik').FormikHelpers<{id: string}>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      await onSave(values.id)
    } catch (err) {
      showServerError(err, helpers, 'Could not add the card. Please try again.')
    }
  }
  return (
    <Formik initialValues={{ id: /** @type {string} */ (TEST_CARDS[0].value) }} validationSchema={schema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Add a test card">
          <p className="small text-secondary">
            Payments run in the offline sandbox: pick one of the payment provider's test cards. No real card is charged.
          </p>
          <SelectField name="id" label="Test card" options={TEST_CARDS} placeholder="Choose a test card" />
          <FormActions busy={isSubmitting} label="Add card" busyLabel="Adding…" onCancel={onCancel} />
        </Form>
      )}
    </Formik>
  )
}
