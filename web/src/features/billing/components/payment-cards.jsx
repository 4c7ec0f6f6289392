import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ListState } from '../../../components/list-state'
import { toast } from '../../../lib/toast'
import { useConfirmRemove } from '../../../lib/use-confirm-remove'
import { useBusy } from '../../../lib/use-busy'
import { useCards } from '../api/get-cards'
import { useRemoveCard } from '../api/remove-card'
import { useSetPrimaryCard } from '../api/set-primary-card'
import { AddCard } from './add-card'
import { cardExpiry, cardName } from './subscription-label'

/** @param {{card: import('../api/get-cards').Card, onRemove: (card: import('../api/get-cards').Card) => void}} props */
function CardRow({ card, onRemove }) {
  const makePrimary = useSetPrimaryCard()
  const { busy, run } = useBusy()
  const name = cardName(card)
  const primary = () =>
    run(async () => {
      const out = await makePrimary(card._id)
      toast.success(out.message || `${name} is your primary card`)
    }, 'Could not change the primary card. Please try again.')
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <div className="fw-semibold">
          {name}
          {card.primary && <span className="badge rounded-pill text-bg-primary ms-2">Primary</span>}
        </div>
        <div className="small text-secondary">{cardExpiry(card)}</div>
      </div>
      {!card.primary && (
        <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Make primary ${name}`} onClick={primary} disabled={busy}>
          Make primary
        </button>
      )}
      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove ${name}`} onClick={() => onRemove(card)} disabled={busy}>
        Remove
      </button>
    </li>
  )
}

/**
 * PaymentCards lists the creator's saved cards (brand, last digits, expiry,
 * primary badge) with make primary, remove (confirmed; the server refuses the
 * primary card of a running subscription and its message shows) and add.
 */
export function PaymentCards() {
  const { data: cards, error, isLoading, mutate } = useCards()
  const remove = useRemoveCard()
  const {
    removing,
    ask: setRemoving,
    cancel,
    busy,
    confirm: confirmRemove,
  } = useConfirmRemove((/** @type {import('../api/get-cards').Card} */ card) => remove(card._id))
  return (
    <section id="payment-cards" className="cc-anchor card border-0 shadow-sm" aria-labelledby="cards-heading">
      <div className="card-body p-3 p-md-4">
        <h2 id="cards-heading" className="h5 fw-bold mb-3">
          Payment cards
        </h2>
        <ListState
          swr={{ data: cards, error, isLoading, mutate }}
          loadingLabel="Loading your cards…"
          isEmpty={cards?.length === 0}
          empty={<p className="text-secondary">No card saved yet.</p>}
        >
          <ul className="list-group mb-3" aria-label="Saved cards">
            {cards?.map((c) => (
              <CardRow key={c._id} card={c} onRemove={setRemoving} />
            ))}
          </ul>
        </ListState>
        {cards && <AddCard />}
      </div>
      <ConfirmDialog
        show={Boolean(removing)}
        danger
        title="Remove this card?"
        body={removing ? `${cardName(removing)} will no longer be charged.` : ''}
        confirmLabel="Remove card"
        cancelLabel="Keep card"
        busy={busy}
        onCancel={cancel}
        onConfirm={confirmRemove}
      />
    </section>
  )
}
