import { lazy, Suspense } from 'react'
import { CardSection } from '../../../components/card-section'
import { Loading } from '../../../components/status'
import { TableHead } from '../../../components/table-head'
import { formatCount } from '../../../lib/format'
import { shortDay } from './results-format'

const TrendChart = lazy(() => import('../../../components/trend-chart'))

/** summaryOf describes the cumulative series in words: the chart's text alternative. */
/** @param {import('../../../lib/api-types').Schema<'CampaignResults'>['series']} series */
function summaryOf(series) {
  const first = series[0]
  const last = series[series.length - 1]
  return `Views to date rose from ${formatCount(first.views)} on ${shortDay(first.day)} to ${formatCount(last.views)} on ${shortDay(last.day)}; engagements to date from ${formatCount(first.engagements)} to ${formatCount(last.engagements)}.`
}

/**
 * ResultsChart draws the campaign's views (left axis) and engagements (right axis) to date, day by day, with uPlot;
 * its text alternative is a sentence and the same figures as a table. A day no post reports is a gap, never 0.
 * @param {{series: import('../../../lib/api-types').Schema<'CampaignResults'>['series']}} props
 */
export function ResultsChart({ series }) {
  if (series.length === 0) return null
  const history = series.map((s) => ({ date: s.day, views: s.views, engagements: s.engagements }))
  return (
    <CardSection title="Views and engagements to date" titleId="results-chart">
      <p className="small text-secondary">Each day's total over the posts captured by then (likes + comments + shares are engagements).</p>
      <Suspense fallback={<Loading label="Loading chart…" />}>
        <TrendChart
          history={history}
          name="Campaign"
          followersKey="views"
          followersLabel="Views"
          activity="engagements"
          activityLabel="Engagements"
          summary={summaryOf(series)}
        />
      </Suspense>
      <details className="mt-3">
        <summary className="small">Daily figures as a table</summary>
        <div className="table-responsive cc-series-table mt-2" role="region" aria-label="Daily figures" tabIndex={0}>
          <table className="table table-sm small mb-0">
            <TableHead columns={['Day', { label: 'Views', className: 'text-end' }, { label: 'Likes', className: 'text-end' }, { label: 'Comments', className: 'text-end' }, { label: 'Shares', className: 'text-end' }, { label: 'Engagements', className: 'text-end' }]} />
            <tbody>
              {series.map((s) => (
                <tr key={s.day}>
                  <th scope="row" className="fw-normal">{shortDay(s.day)}</th>
                  {[s.views, s.likes, s.comments, s.shares, s.engagements].map((v, i) => (
                    <td key={i} className="text-end">{v == null ? 'n/a' : formatCount(v)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </CardSection>
  )
}
