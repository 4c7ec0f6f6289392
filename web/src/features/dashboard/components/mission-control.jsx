import { Link } from 'react-router-dom'
import { useCampaignSummary } from '../api/get-campaign-summary'
import { EmptyState } from '../../../components/empty-state'
import { ListState } from '../../../components/list-state'
import { formatDate, formatMoney } from '../../../lib/format'
import { CampaignPerformance } from './campaign-performance'
import { UsageEnding } from './usage-ending'
import './dashboard.css'


/**
 * @param {{label: string, value: import('react').ReactNode, color: string, note?: import('react').ReactNode}} props
 */
function Stat({ label, value, color, note }) {
  return (
    <div className="col-6 col-lg-3">
      <section className="card border-0 shadow-sm cc-stat" aria-label={label}>
        <div className="card-body p-3 p-md-4">
          <p className="small text-secondary d-flex align-items-center gap-2 mb-2">
            <span className="cc-stat-dot" style={{ background: color }} aria-hidden="true" />
            {label}
          </p>
          <p className="cc-stat-value mb-0">{value}</p>
          {note && <p className="small text-secondary mb-0 mt-1">{note}</p>}
        </div>
      </section>
    </div>
  )
}

/**
 * MissionControl shows the brand's campaign figures from GET /api/campaigns/summary.
 * @param {{canEdit: boolean}} props
 */
export function MissionControl({ canEdit }) {
  const summary = useCampaignSummary(true)
  return (
    <ListState swr={summary} loadingLabel="Loading your campaign figures…">
      {(s) => <Figures s={s} canEdit={canEdit} />}
    </ListState>
  )
}

/**
 * Figures lays out the loaded campaign summary.
 * @param {{s: import('../../../lib/api-schema').components['schemas']['CampaignSummary'], canEdit: boolean}} props
 */
function Figures({ s, canEdit }) {
  const next = s.nextCampaign
  return (
    <div className="d-flex flex-column gap-4">
      <div className="row g-3">
        <Stat label="Active campaigns" value={s.active} color="#198754" />
        <Stat label="Drafts" value={s.drafts} color="#6c757d" />
        <Stat label="Completed" value={s.completed} color="#5b3df5" />
        <Stat label="Total budget" value={formatMoney(s.totalBudget)} color="#fd7e14" note={`Average ${formatMoney(s.averageBudget)}`} />
      </div>
      {s.total > 0 && s.performance && <CampaignPerformance performance={s.performance} canEdit={canEdit} />}
      {s.total > 0 && <UsageEnding posts={s.usageEnding} />}
      {s.total === 0 ? (
        <EmptyState
          title="No campaigns yet"
          action={
            canEdit && (
              <Link to="/create-campaign" className="btn btn-primary">
                Create a campaign
              </Link>
            )
          }
        >
          <p className="mb-0">Your numbers will appear here once your brand has campaigns. Nothing here is sample data.</p>
        </EmptyState>
      ) : (
        <section className="card border-0 shadow-sm cc-next" aria-label="Next campaign">
          <div className="card-body p-4 d-flex flex-wrap align-items-center gap-3">
            <div className="flex-grow-1 min-w-0">
              <p className="small text-secondary mb-1">Next campaign to start</p>
              {next ? (
                <>
                  <h2 className="h4 fw-bold mb-1 text-break">{next.campaignName}</h2>
                  <p className="mb-0">
                    Starts {formatDate(next.startDate)} · <span className="text-capitalize">{next.status}</span>
                  </p>
                </>
              ) : (
                <h2 className="h5 fw-bold mb-0">Nothing scheduled to start</h2>
              )}
            </div>
            {canEdit && (
              <div className="d-flex flex-wrap gap-2">
                {next && (
                  <Link to={`/update-campaign/${next._id}`} className="btn btn-light fw-semibold text-nowrap">
                    Open campaign
                  </Link>
                )}
                <Link to="/campaigns" className="btn btn-outline-light text-nowrap">
                  All campaigns ({s.total})
                </Link>
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  )
}
