import { CardSection } from '../../../components/card-section'
import { FigureValue } from '../../../components/figure-basis'
import { TableHead } from '../../../components/table-head'
import { formatDate } from '../../../lib/format'
import { platformName, resultCount, resultMoney, resultPercent } from './results-format'

/** @type {Record<string, string>} */
const STATUS_LABELS = { accepted: 'Accepted', completed: 'Completed' }

/**
 * PostLinks lists a creator's captured posts as links to the platform, newest first.
 * @param {{creator: import('../../../lib/api-types').Schema<'CampaignResultsCreator'>}} props
 */
function PostLinks({ creator }) {
  if (creator.posts.length === 0) return <span className="text-secondary">No post yet</span>
  return (
    <ul className="list-unstyled mb-0 cc-result-posts">
      {creator.posts.map((p, i) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer" title={p.caption}>
            Post {creator.posts.length - i}
            <span className="visually-hidden">: {`${creator.name}'s ${platformName(p.platform)} post of ${formatDate(p.publishedAt)}`}</span>
          </a>
          <span className="text-secondary"> · {formatDate(p.publishedAt)}</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * PostUsage lists what the brand may do with each captured post ("Paid until 2026-12-01"), in the posts' order.
 * @param {{creator: import('../../../lib/api-types').Schema<'CampaignResultsCreator'>}} props
 */
function PostUsage({ creator }) {
  if (creator.posts.length === 0) return <span className="text-secondary">—</span>
  return (
    <ul className="list-unstyled mb-0">
      {creator.posts.map((p, i) => (
        <li key={p.id} className="text-nowrap">
          <span className="visually-hidden">Post {creator.posts.length - i}: </span>
          {p.usage?.label ?? '—'}
        </li>
      ))}
    </ul>
  )
}

/** cell is one measured figure of a creator's row, "n/a" with the reason when missing (no badge: the caption says). */
/**
 * @param {import('../../../lib/api-types').Schema<'ResultFigure'>} figure
 * @param {(n: number) => string} format
 */
const cell = (figure, format) => <FigureValue figure={figure} format={format} badge={false} />

/**
 * CreatorResults is one row per creator of an accepted or completed offer, most views first: name, handle,
 * platform, offer status, fee (when shown), views, likes, comments, shares, engagement per view, post links and,
 * when fees are shown, each post's usage right.
 * @param {{creators: import('../../../lib/api-types').Schema<'CampaignResultsCreator'>[], feesShown: boolean}} props
 */
export function CreatorResults({ creators, feesShown }) {
  const columns = [
    'Creator',
    'Platform',
    'Status',
    ...(feesShown ? [{ label: 'Fee', className: 'text-end' }] : []),
    { label: 'Views', className: 'text-end' },
    { label: 'Likes', className: 'text-end' },
    { label: 'Comments', className: 'text-end' },
    { label: 'Shares', className: 'text-end' },
    { label: 'Eng./view', className: 'text-end' },
    'Posts',
    ...(feesShown ? ['Usage'] : []),
  ]
  return (
    <CardSection title="Creators" titleId="results-creators">
      {creators.length === 0 ? (
        <p className="text-secondary mb-0">No creator has accepted an offer on this campaign yet.</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle mb-0 cc-stack-table cc-results-table small">
            <caption className="small text-secondary">
              Views, likes, comments and shares are measured from each creator's connected account; Eng./view (engagement per view) is derived as (likes + comments + shares) / views × 100.
              {feesShown ? ' Usage is what the brand may do with each post under its agreement.' : ' Fees are hidden.'}
            </caption>
            <TableHead columns={columns} />
            <tbody>
              {creators.map((c) => (
                <tr key={c.entryId}>
                  <th scope="row" className="fw-normal">
                    <div className="fw-semibold">{c.name}</div>
                    <div className="text-secondary">{c.handle || '—'}</div>
                  </th>
                  <td data-label="Platform">{platformName(c.platform)}</td>
                  <td data-label="Status">{STATUS_LABELS[c.offerStatus] || c.offerStatus}</td>
                  {feesShown && <td className="text-md-end" data-label="Fee">{c.fee == null ? '—' : resultMoney(c.fee)}</td>}
                  <td className="text-md-end" data-label="Views">{cell(c.views, resultCount)}</td>
                  <td className="text-md-end" data-label="Likes">{cell(c.likes, resultCount)}</td>
                  <td className="text-md-end" data-label="Comments">{cell(c.comments, resultCount)}</td>
                  <td className="text-md-end" data-label="Shares">{cell(c.shares, resultCount)}</td>
                  <td className="text-md-end" data-label="Eng./view">{cell(c.engagementPerView, resultPercent)}</td>
                  <td data-label="Posts">
                    <PostLinks creator={c} />
                  </td>
                  {feesShown && (
                    <td data-label="Usage">
                      <PostUsage creator={c} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardSection>
  )
}
