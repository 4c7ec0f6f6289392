import { Link } from 'react-router-dom'
import { PLATFORM_NAMES } from '../../../config/platforms'

/**
 * PostLink opens a captured post on its platform, named by its creator and platform: "Ann on Instagram".
 * @param {{post: {url: string, platform: string, creatorName: string}}} props
 */
export function PostLink({ post }) {
  return (
    <a href={post.url} target="_blank" rel="noreferrer" className="fw-semibold">
      {post.creatorName} on {PLATFORM_NAMES[post.platform] || post.platform}
    </a>
  )
}

/**
 * ResultsLink is a campaign's name linking to its results page.
 * @param {{campaignId: string, campaignName: string}} props
 */
export function ResultsLink({ campaignId, campaignName }) {
  return (
    <Link to={`/campaigns/${campaignId}/results`} aria-label={`Results of ${campaignName}`}>
      {campaignName}
    </Link>
  )
}
