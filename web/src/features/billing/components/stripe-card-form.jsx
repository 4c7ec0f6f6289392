import { useState } from 'react'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe } from '@stripe/stripe-js'
import { errorMessage } from '../../../lib/error-message'
import { FormActions } from '../../../components/form/form-actions'

// One Stripe.js instance per publishable key for the page's life.
/** @type {Map<string, ReturnType<typeof loadStripe>>} */
const instances = new Map()
/** @param {string} key */
function stripeFor(key) {
  let stripe = instances.get(key)
  if (!stripe) {
    stripe = loadStripe(key)
    instances.set(key, stripe)
  }
  return stripe
}

/** @typedef {{onSave: (id: string) => Promise<void>, onCancel: () => void}} CardFormProps */

/** @param {CardFormProps} props */
function CardForm({ onSave, onCancel }) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    setError('')
    try {
      const card = elements.getElement(CardElement)
      if (!card) throw new Error('The card form is not ready. Please try again.')
      const { paymentMethod, error: stripeError } = await stripe.createPaymentMethod({ type: 'card', card })
      if (stripeError) throw new Error(stripeError.message || 'Could not add the card. Please try again.')
      await onSave(paymentMethod.id)
    } catch (err) {
      setError(errorMessage(err, 'Could not add the card. Please try again.'))
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Add a card">
      <div className="mb-3">
        <span className="form-label d-block" id="card-element-label">
          Card details
        </span>
        <div className="form-control cc-input py-2" role="group" aria-labelledby="card-element-label">
          <CardElement options={{ hidePostalCode: false }} />
        </div>
        {error && (
          <div className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
      </div>
      <FormActions busy={busy} disabled={!stripe} label="Add card" busyLabel="Adding…" onCancel={onCancel} />
    </form>
  )
}

/**
 * StripeCardForm takes a card with Stripe Elements (loaded from the provider
 * with `publishableKey`, in this lazily loaded chunk only), creates a
 * PaymentMethod and hands its id to onSave.
 */
/** @param {{publishableKey: string} & CardFormProps} props */
export default function StripeCardForm({ publishableKey, onSave, onCancel }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm onSave={onSave} onCancel={onCancel} />
    </Elements>
  )
}
