import { CardSection } from '../../../components/card-section'
import { formatDate } from '../../../lib/format'
import { PostLink, ResultsLink } from './post-links'

/**
 * daysLeft is how many days of paid usage remain after today (UTC): 0 on the last day.
 * @param {string} endsOn
 */
function daysLeft(endsOn, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Math.round((Date.parse(`${endsOn}T00:00:00Z`) - today) / 86400000)
}

/** @param {number} n */
const leftText = (n) => (n <= 0 ? 'ends today' : n === 1 ? 'ends tomorrow' : `ends in ${n} days`)

/**
 * UsageEnding is Mission Control's expiring rights: the brand's captured posts whose paid usage ends within 7 days,
 * soonest first, each with its campaign, creator, last day and the usage line of its agreement. After that day the
 * post may no longer be used in paid advertising unless the creator agrees to a new usage right.
 * @param {{posts?: Array<{postId: string, url: string, platform: string, campaignId: string, campaignName: string, creatorName: string, endsOn: string, usage: {label: string}}>}} props
 */
export function UsageEnding({ posts = [] }) {
  return (
    <CardSection title="Paid usage ending soon" titleId="usage-ending">
      {posts.length === 0 ? (
        <p className="small text-secondary mb-0">No post's paid usage right ends in the next 7 days.</p>
      ) : (
        <>
          <p className="small text-secondary">After its last day a post may no longer be used in paid advertising unless the creator agrees to a new usage right.</p>
          <ul className="list-unstyled mb-0 d-flex flex-column gap-2 small">
            {posts.map((p) => (
              <li key={p.postId} className="d-flex flex-wrap align-items-baseline gap-2 border-bottom pb-2">
                <PostLink post={p} />
                <ResultsLink campaignId={p.campaignId} campaignName={p.campaignName} />
                <span className="ms-auto text-nowrap">
                  <strong>{leftText(daysLeft(p.endsOn))}</strong> · last day {formatDate(p.endsOn)}
                </span>
                <span className="w-100 text-secondary">{p.usage.label}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </CardSection>
  )
}
