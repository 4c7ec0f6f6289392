import { formatCount, formatMoney, formatPercent, formatUnitCost } from '../../../lib/format'
import { PLATFORM_NAMES } from '../../../config/platforms'

/**
 * TOTALS are the result cards in order: the totals member, its label and how its value is written. Fee figures
 * (spend and the costs) are marked `fee`: a share link that hides fees answers them null and unavailable.
 */
export const TOTALS = [
  { key: 'posts', label: 'Posts', format: formatCount },
  { key: 'creatorsLive', label: 'Creators live', format: formatCount },
  { key: 'views', label: 'Views', format: formatCount },
  { key: 'likes', label: 'Likes', format: formatCount },
  { key: 'comments', label: 'Comments', format: formatCount },
  { key: 'shares', label: 'Shares', format: formatCount },
  { key: 'reach', label: 'Reach', format: formatCount },
  { key: 'engagementRate', label: 'Engagement rate', format: (v) => formatPercent(v) },
  { key: 'spend', label: 'Spend', format: formatMoney, fee: true },
  { key: 'cpm', label: 'CPM', title: 'Cost per 1,000 views', format: formatUnitCost, fee: true },
  { key: 'cpe', label: 'CPE', title: 'Cost per engagement', format: formatUnitCost, fee: true },
  { key: 'costPerView', label: 'Cost per view', format: formatUnitCost, fee: true },
]

/** platformName writes a platform id as its name: 'youtube' → 'YouTube'. */
export function platformName(id) {
  return PLATFORM_NAMES[id] || (id ? id[0].toUpperCase() + id.slice(1) : '—')
}

/** shortDay writes a YYYY-MM-DD day (UTC) as 'Nov 3'. */
export function shortDay(day) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** hasPosts tells whether any post of the campaign is captured. */
export function hasPosts(results) {
  return results.creators.some((c) => c.posts.length > 0)
}

/** fileStem turns a campaign name into a file name stem: 'Autumn Lookbook' → 'autumn-lookbook'. */
export function fileStem(name) {
  return (name || 'campaign').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'
}
