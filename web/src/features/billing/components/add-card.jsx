import { lazy, Suspense } from 'react'
import { Loading } from '../../../components/status'
import { ListState } from '../../../components/list-state'
import { Reveal } from '../../../components/reveal'
import { toast } from '../../../lib/toast'
import { useAddCard } from '../api/add-card'
import { usePaymentsConfig, usesStripeElements } from '../api/get-payments-config'
import { TestCardPicker } from './test-card-picker'

// Stripe.js and its React bindings load only when a creator adds a card with a real key: their own chunk.
const StripeCardForm = lazy(() => import('./stripe-card-form'))

/**
 * CardInput is the form that takes a new card: Stripe Elements when the server hands a real publishable key, the
 * test-card picker in the offline sandbox. Either hands a payment method id to onSave (which shows its own failure).
 * @param {{onSave: (id: string) => Promise<void>, onCancel: () => void}} props
 */
export function CardInput({ onSave, onCancel }) {
  const config = usePaymentsConfig()
  return (
    <ListState swr={config} loadingLabel="Loading the card form…">
      {(c) =>
        usesStripeElements(c) ? (
          <Suspense fallback={<Loading label="Loading the card form…" />}>
            <StripeCardForm publishableKey={c.publishableKey} onSave={onSave} onCancel={onCancel} />
          </Suspense>
        ) : (
          <TestCardPicker onSave={onSave} onCancel={onCancel} />
        )
      }
    </ListState>
  )
}

/**
 * AddCard opens the form that takes a new card (CardInput); the payment method id is POSTed to /api/cards.
 */
export function AddCard() {
  const add = useAddCard()
  return (
    <Reveal label="Add a card" className="btn btn-outline-primary">
      {(close) => {
        // save resolves once the card is saved; the form shows the failure itself.
        /** @param {string} id */
        const save = async (id) => {
          const out = await add(id)
          toast.success(out.message || 'Card added')
          close()
        }
        return (
          <div className="border rounded-3 p-3" role="group" aria-label="Add a card">
            <CardInput onSave={save} onCancel={close} />
          </div>
        )
      }}
    </Reveal>
  )
}
