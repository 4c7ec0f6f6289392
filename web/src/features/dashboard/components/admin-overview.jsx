import { useAdminOverview } from '../api/get-admin-overview'
import { ListState } from '../../../components/list-state'
import { formatCount, formatDateTime, formatMoney } from '../../../lib/format'
import { CardSection } from '../../../components/card-section'
import { KeyValues } from '../../../components/key-values'

const TIERS = ['Micro', 'Mid', 'Macro']
const CAMPAIGN_STATES = ['draft', 'active', 'completed']
const OFFER_STATES = ['draft', 'sent', 'countered', 'accepted', 'completed', 'declined', 'expired', 'withdrawn']

/** @typedef {import('../../../lib/api-schema').components['schemas']['OfferOverview']} Overview */

/** @param {{title: string, children: import('react').ReactNode}} props */
function Card({ title, children }) {
  return (
    <div className="col-12 col-md-6 col-xl-3">
      <CardSection title={title} headingClassName="h6 text-secondary mb-2" className="h-100">
        {children}
      </CardSection>
    </div>
  )
}

/** @param {{rows: Array<[string, string]>}} props */
function Breakdown({ rows }) {
  return <KeyValues rows={rows} rowClassName="d-flex justify-content-between gap-2" labelClassName="fw-normal text-capitalize" valueClassName="mb-1" />
}

/** AdminOverview is the ADMIN's Mission Control: creators by tier, brands, campaigns and offers by status, last imports. */
export function AdminOverview() {
  const overview = useAdminOverview()
  return (
    <ListState swr={overview} loadingLabel="Loading platform figures…">
      {(o) => <Overview o={o} />}
    </ListState>
  )
}

/**
 * Overview lays out the loaded platform figures.
 * @param {{o: Overview}} props
 */
function Overview({ o }) {
  const offers = o.offers || {}
  return (
    <div className="d-flex flex-column gap-4">
      <div className="row g-3">
        <Card title="Creators">
          <p className="cc-stat-value mb-2">{formatCount(o.creators.total)}</p>
          <Breakdown rows={TIERS.map((t) => [t, formatCount(o.creators.byTier?.[t] ?? 0)])} />
        </Card>
        <Card title="Brands">
          <p className="cc-stat-value mb-0">{formatCount(o.brands)}</p>
        </Card>
        <Card title="Campaigns">
          <p className="cc-stat-value mb-2">{formatCount(o.campaigns.total)}</p>
          <Breakdown rows={CAMPAIGN_STATES.map((s) => [s, formatCount(o.campaigns.byStatus?.[s] ?? 0)])} />
        </Card>
        <Card title="Offers">
          <Breakdown
            rows={OFFER_STATES.filter((s) => offers[s]).map((s) => [s, `${formatCount(offers[s].count)} · ${formatMoney(offers[s].amount)}`])}
          />
          {Object.keys(offers).length === 0 && <p className="small text-secondary mb-0">No offers yet.</p>}
        </Card>
      </div>
      <section className="card border-0 shadow-sm" aria-label="Last imports">
        <div className="card-body p-3 p-md-4">
          <h2 className="h6 text-secondary mb-2">Last imports</h2>
          {o.imports.length === 0 ? (
            <p className="small text-secondary mb-0">No roster imports yet.</p>
          ) : (
            <ul className="list-unstyled small mb-0">
              {o.imports.map((j) => (
                <li key={j.id} className="d-flex justify-content-between border-bottom py-1">
                  <span>{formatDateTime(j.createdAt)}</span>
                  <span className="text-capitalize">
                    {j.status}
                    {j.result?.imported !== undefined ? ` · ${formatCount(j.result.imported)} creators` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  )
}
