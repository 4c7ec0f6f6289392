import { CardSection } from '../../../components/card-section'
import { ListState } from '../../../components/list-state'
import { formatAmount, formatDate } from '../../../lib/format'
import { useInvoices } from '../api/get-invoices'

/** @type {Record<string, string>} */
const STATUS = { paid: 'Paid', open: 'Due', draft: 'Draft', void: 'Void', uncollectible: 'Unpaid' }

/** BillingHistory lists the payment provider's invoices of the creator: date, amount, status and a link when there is one. */
export function BillingHistory() {
  const swr = useInvoices()
  return (
    <CardSection titleId="billing-history-heading" title="Billing history">
      <ListState
        swr={swr}
        loadingLabel="Loading your invoices…"
        isEmpty={(invoices) => invoices.length === 0}
        empty={<p className="text-secondary mb-0">No invoices yet.</p>}
      >
        {(invoices) => (
          <ul className="list-group" aria-label="Invoices">
            {invoices.map((i) => (
              <li key={i._id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <div className="me-auto">
                  <div className="fw-semibold">{formatDate(i.createdAt)}</div>
                  <div className="small text-secondary">{i.number || i.description || i._id}</div>
                </div>
                <span className="fw-semibold">{formatAmount(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency)}</span>
                <span className="badge rounded-pill text-bg-light border">{STATUS[i.status] || i.status}</span>
                {i.hostedUrl && (
                  <a href={i.hostedUrl} target="_blank" rel="noreferrer" className="small">
                    View<span className="visually-hidden"> the invoice of {formatDate(i.createdAt)}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </CardSection>
  )
}
