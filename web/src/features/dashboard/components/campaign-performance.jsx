import { Link } from 'react-router-dom'
import { CardSection } from '../../../components/card-section'
import { FigureValue, isMissing } from '../../../components/figure-basis'
import { formatCount, formatDate, formatDateTime, formatMoney, formatPercent } from '../../../lib/format'
import { PostLink, ResultsLink } from './post-links'

/** @typedef {import('../../../lib/api-schema').components['schemas']['CampaignPerformance']} Performance */
/** @typedef {import('../../../lib/api-schema').components['schemas']['ResultFigure']} ResultFigure */

/**
 * monthName writes 'YYYY-MM' as 'November 2026'.
 * @param {string} month
 */
const monthName = (month) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** @param {{label: string, figure: ResultFigure, format: (n: number) => string}} props */
function Figure({ label, figure, format }) {
  return (
    <div className="col-12 col-sm-4">
      <section className="border rounded-3 p-3 h-100" aria-label={label}>
        <h3 className="small text-secondary fw-normal mb-1">{label}</h3>
        <FigureValue figure={figure} format={format} explain className="cc-stat-value d-block" />
      </section>
    </div>
  )
}

/**
 * SpendBar is the month's spend (accepted and completed offers) against the campaigns' budgets.
 * @param {{spend: ResultFigure, budget: number}} props
 */
function SpendBar({ spend, budget }) {
  const value = isMissing(spend) ? null : spend.value
  // The real share (191 %, not 100 %); only the bar's width stops at the budget.
  const pct = value != null && budget > 0 ? Math.round((value / budget) * 100) : 0
  const over = value != null && value > budget
  return (
    <section aria-labelledby="performance-spend">
      <h3 id="performance-spend" className="h6 fw-bold mb-1">
        Spend against budget
      </h3>
      <p className="small mb-2">
        <FigureValue figure={spend} format={(v) => `${formatMoney(v)} of ${formatMoney(budget)} budget${budget > 0 ? ` (${pct}%)` : ''}${over ? `, over budget by ${formatMoney(value - budget)}` : ''}`} />
      </p>
      <div className="progress" role="progressbar" aria-label="Spend of budget" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={Math.max(100, pct)}>
        <div className={`progress-bar${over ? ' bg-danger' : ''}`} style={{ width: `${Math.min(100, pct)}%` }} />
      </div>
    </section>
  )
}

/** @param {{posts: Performance['topPosts']}} props */
function TopPosts({ posts }) {
  return (
    <section aria-labelledby="performance-top">
      <h3 id="performance-top" className="h6 fw-bold mb-2">
        Top posts
      </h3>
      {posts.length === 0 ? (
        <p className="small text-secondary mb-0">No post of your active campaigns was published this month yet.</p>
      ) : (
        <ol className="list-unstyled mb-0 d-flex flex-column gap-2 small">
          {posts.map((p) => (
            <li key={p.url} className="d-flex flex-wrap align-items-baseline gap-2 border-bottom pb-2">
              <PostLink post={p} />
              <span className="text-secondary">
                <ResultsLink campaignId={p.campaignId} campaignName={p.campaignName} />{' '}
                · {formatDate(p.publishedAt)}
              </span>
              <span className="ms-auto text-nowrap">
                {p.views == null ? 'n/a' : formatCount(p.views)} views · {p.likes == null ? 'n/a' : formatCount(p.likes)} likes
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * WaitingOnYou lists the counters the brand has to answer; editors get a link to the counter itself on the campaign's roster.
 * @param {{offers: Performance['waitingOnBrand'], canEdit: boolean}} props
 */
function WaitingOnYou({ offers, canEdit }) {
  return (
    <section aria-labelledby="performance-waiting">
      <h3 id="performance-waiting" className="h6 fw-bold mb-2">
        Waiting on you {offers.length > 0 && <span className="badge text-bg-warning">{offers.length}</span>}
      </h3>
      {offers.length === 0 ? (
        <p className="small text-secondary mb-0">No counter offer is waiting for an answer.</p>
      ) : (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-2 small">
          {offers.map((o) => (
            <li key={o.entryId} className="d-flex flex-wrap align-items-center gap-2 border-bottom pb-2">
              <span className="flex-grow-1">
                <strong>{o.creatorName}</strong> countered at <strong>{formatMoney(o.amount)}</strong> on {o.campaignName}
                {o.updatedAt && <span className="text-secondary"> · {formatDateTime(o.updatedAt)}</span>}
              </span>
              {canEdit && (
                <Link to={`/update-campaign/${o.campaignId}#counter-${o.entryId}`} className="btn btn-sm btn-outline-primary" aria-label={`Answer ${o.creatorName}'s counter on ${o.campaignName}`}>
                  Answer
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * CampaignPerformance is Mission Control's performance of the brand's active campaigns this month: measured views
 * and engagements, the derived engagement per view, spend against budget, the top posts and the counters waiting on
 * the brand.
 * @param {{performance: Performance, canEdit: boolean}} props
 */
export function CampaignPerformance({ performance: p, canEdit }) {
  return (
    <CardSection title={`Performance in ${monthName(p.month)}`} titleId="performance">
      <p className="small text-secondary">Posts published this month on your active campaigns, measured from the creators' connected accounts.</p>
      <div className="row g-3 mb-4">
        <Figure label="Views" figure={p.views} format={formatCount} />
        <Figure label="Engagements" figure={p.engagements} format={formatCount} />
        <Figure label="Engagement per view" figure={p.engagementPerView} format={formatPercent} />
      </div>
      <div className="d-flex flex-column gap-4">
        <SpendBar spend={p.spend} budget={p.budget} />
        <div className="row g-4">
          <div className="col-12 col-lg-7">
            <TopPosts posts={p.topPosts} />
          </div>
          <div className="col-12 col-lg-5">
            <WaitingOnYou offers={p.waitingOnBrand} canEdit={canEdit} />
          </div>
        </div>
      </div>
    </CardSection>
  )
}
