import { EmptyState } from '../../../components/empty-state'
import { CreatorResults } from './creator-results'
import { hasPosts, resultMoney } from './results-format'
import { ResultsChart } from './results-chart'
import { ResultsTotals } from './results-totals'
import './results.css'

/** tagOf writes a campaign's tracking tag with its '#', or null when it has none. */
const tagOf = (/** @type {import('../../../lib/api-types').Schema<'CampaignResults'>['campaign']} */ campaign) => (campaign.trackingTag ? `#${campaign.trackingTag}` : null)

/**
 * ResultsView shows a campaign's measured results read-only: the totals with their basis, the daily chart and the
 * per-creator table. Before any post is captured it says what will happen instead of showing empty figures.
 * The brand's results tab and the public share page both render it.
 * @param {{results: import('../../../lib/api-types').Schema<'CampaignResults'>}} props
 */
export function ResultsView({ results }) {
  const tag = tagOf(results.campaign)
  if (!hasPosts(results)) {
    return (
      <div className="d-flex flex-column gap-4">
        <EmptyState title="No posts captured yet">
          <p className="mb-0">
            Posts tagged {tag ? <strong>{tag}</strong> : "with the campaign's tracking tag"} by creators with accepted offers appear here after the next sync.
          </p>
        </EmptyState>
        <CreatorResults creators={results.creators} feesShown={results.feesShown} />
      </div>
    )
  }
  return (
    <div className="d-flex flex-column gap-4">
      <ResultsTotals totals={results.totals} asOf={results.asOf} />
      <ResultsBudget budget={results.campaign?.budget} spend={results.totals?.spend} />
      <ResultsChart series={results.series} />
      <CreatorResults creators={results.creators} feesShown={results.feesShown} />
    </div>
  )
}

/**
 * ResultsBudget is the spend against the campaign's budget with the real percentage (191 %, never capped at 100 %)
 * and an over-budget state; nothing when fees are hidden or the campaign has no budget.
 * @param {{budget: number | null | undefined, spend: import('../../../lib/api-types').Schema<'ResultFigure'> | undefined}} props
 */
function ResultsBudget({ budget, spend }) {
  const value = spend && typeof spend.value === 'number' ? spend.value : null
  if (value == null || budget == null || !(budget > 0)) return null
  const pct = Math.round((value / budget) * 100)
  const over = value > budget
  return (
    <p className={`small mb-0${over ? ' text-danger fw-semibold' : ''}`} aria-label="Spend against budget">
      Spend {resultMoney(value)} of {resultMoney(budget)} budget ({pct}%){over ? `, over budget by ${resultMoney(value - budget)}` : ''}
    </p>
  )
}

/**
 * ResultsHeading names the campaign: its name (as an `as` heading, h2 by default), brand, dates, status and
 * tracking tag; `children` (actions) sit beside it.
 * @param {{campaign: import('../../../lib/api-types').Schema<'CampaignResults'>['campaign'], as?: import('react').ElementType, children?: import('react').ReactNode}} props
 */
export function ResultsHeading({ campaign, as: Heading = 'h2', children }) {
  const tag = tagOf(campaign)
  return (
    <div className="d-flex flex-wrap align-items-start justify-content-between gap-3">
      <div className="min-w-0">
        <Heading className="h4 fw-bold mb-1 text-break">{campaign.campaignName}</Heading>
        <p className="text-secondary small mb-0">
          {[campaign.brandName, `${formatDay(campaign.startDate)} – ${formatDay(campaign.endDate)}`, statusLabel(campaign.status), tag].filter(Boolean).join(' · ')}
        </p>
      </div>
      {children && <div className="d-flex flex-wrap gap-2">{children}</div>}
    </div>
  )
}

const statusLabel = (/** @type {string} */ s) => (s ? s[0].toUpperCase() + s.slice(1) : '')
const formatDay = (/** @type {string} */ d) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
