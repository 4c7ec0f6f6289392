import { CardSection } from '../../../components/card-section'
import { ListState } from '../../../components/list-state'
import { TableHead } from '../../../components/table-head'
import { formatAmount, formatDate } from '../../../lib/format'
import { saveFile } from '../../../lib/save-file'
import { useBusy } from '../../../lib/use-busy'
import { getEarningsCsv, useEarnings } from '../api/earnings'
import { paymentLabel } from './payment-labels'

/**
 * CsvButton downloads a CSV fetched with the session's token.
 * @param {{load: () => Promise<string>, filename: string, label?: string}} props
 */
export function CsvButton({ load, filename, label = 'Download CSV' }) {
  const { busy, run } = useBusy()
  const download = () => run(async () => saveFile(await load(), filename, 'text/csv'), 'Download failed. Please try again.')
  return (
    <button type="button" className="btn btn-sm btn-outline-primary" onClick={download} disabled={busy}>
      {busy ? 'Preparing…' : label}
    </button>
  )
}

/**
 * Earnings is the creator's earnings page: what was transferred this month and this year (measured from the
 * transfers), by brand, every payment with its state, and the CSV.
 */
export function Earnings() {
  const swr = useEarnings()
  return (
    <ListState swr={swr} loadingLabel="Loading your earnings…">
      {(e) => (
        <div className="d-flex flex-column gap-4">
          <CardSection title="Earnings" titleId="earnings-heading">
            <dl className="row mb-0">
              <div className="col-6 col-md-3">
                <dt className="small text-secondary fw-normal">This month</dt>
                <dd className="h4 fw-bold mb-0" data-testid="earnings-month">{formatAmount(e.thisMonth, e.currency)}</dd>
              </div>
              <div className="col-6 col-md-3">
                <dt className="small text-secondary fw-normal">This year</dt>
                <dd className="h4 fw-bold mb-0">{formatAmount(e.thisYear, e.currency)}</dd>
              </div>
            </dl>
            <p className="small text-secondary mt-2 mb-3">Measured: the transfers to your payout account (UTC months). You pay no fee.</p>
            <CsvButton load={getEarningsCsv} filename="earnings.csv" />
          </CardSection>
          <CardSection title="By brand">
            {e.byBrand.length === 0 ? (
              <p className="text-secondary mb-0">Nothing paid yet.</p>
            ) : (
              <ul className="list-group">
                {e.byBrand.map((b) => (
                  <li key={b.brandName} className="list-group-item d-flex justify-content-between">
                    <span>{b.brandName}</span>
                    <span className="fw-semibold">{formatAmount(b.paid, e.currency)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardSection>
          <CardSection title="Payments">
            {e.payments.length === 0 ? (
              <p className="text-secondary mb-0">No payments yet. A brand pays when you accept its offer.</p>
            ) : (
              <div className="table-responsive">
                <table className="table align-middle cc-stack-table mb-0">
                  <TableHead columns={['Campaign', 'Brand', 'State', 'Amount', 'Paid', 'Reserved', 'Transferred']} />
                  <tbody>
                    {e.payments.map((p) => (
                      <tr key={p.entryId}>
                        <td className="fw-semibold">{p.campaignName}</td>
                        <td data-label="Brand">{p.brandName}</td>
                        <td data-label="State">{paymentLabel(p.state, 'creator').label}</td>
                        <td data-label="Amount">{formatAmount(p.amount, p.currency)}</td>
                        <td data-label="Paid">{formatAmount(p.paid, p.currency)}</td>
                        <td data-label="Reserved">{formatDate(p.fundedAt)}</td>
                        <td data-label="Transferred">{formatDate(p.transferredAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardSection>
        </div>
      )}
    </ListState>
  )
}
