import { formatCount } from '../../../lib/format'
import { PLATFORM_NAMES } from '../../../config/platforms'

/** @typedef {number | string | null | undefined} Num */

const finite = (/** @type {Num} */ n) => n !== null && n !== undefined && n !== '' && Number.isFinite(Number(n))
const fixed = (/** @type {number} */ digits) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const money = (/** @type {number} */ digits) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits })

/**
 * The results' number formats, the same as the CSV's and the PDF's (store.FigureText): counts with thousands
 * separators (12,500), percentages with two decimals (8.33%), money to the cent ($12,500.00), CPM and CPE to the
 * cent ($12.40) and the cost per view with four decimals ($0.0123).
 */
export const resultCount = (/** @type {Num} */ n) => (finite(n) ? formatCount(Math.round(Number(n))) : '—')
export const resultPercent = (/** @type {Num} */ n) => (finite(n) ? `${fixed(2).format(Number(n))}%` : '—')
export const resultMoney = (/** @type {Num} */ n) => (finite(n) ? money(2).format(Number(n)) : '—')
export const resultCostPerView = (/** @type {Num} */ n) => (finite(n) ? money(4).format(Number(n)) : '—')

/**
 * TOTALS are the result cards in order: the totals member, its label (the metrics glossary's name) and how its
 * value is written. Fee figures (spend and the costs) are marked `fee`: a share link that hides fees answers them
 * null and unavailable. Shares and reach say which platforms report them (`platforms`).
 */
/** @type {{key: keyof import('../../../lib/api-types').Schema<'CampaignResults'>['totals'], label: string, title?: string, format: (n: Num) => string, fee?: boolean, platforms?: boolean}[]} */
export const TOTALS = [
  { key: 'posts', label: 'Posts', format: resultCount },
  { key: 'creatorsLive', label: 'Creators live', format: resultCount },
  { key: 'views', label: 'Views', format: resultCount },
  { key: 'likes', label: 'Likes', format: resultCount },
  { key: 'comments', label: 'Comments', format: resultCount },
  { key: 'shares', label: 'Shares', format: resultCount, platforms: true },
  { key: 'reach', label: 'Reach', format: resultCount, platforms: true },
  { key: 'engagements', label: 'Engagements', format: resultCount },
  { key: 'engagementPerView', label: 'Engagement per view', format: resultPercent },
  { key: 'spend', label: 'Spend', format: resultMoney, fee: true },
  { key: 'cpm', label: 'CPM', title: 'Cost per 1,000 views', format: resultMoney, fee: true },
  { key: 'cpe', label: 'CPE', title: 'Cost per engagement', format: resultMoney, fee: true },
  { key: 'costPerView', label: 'Cost per view', format: resultCostPerView, fee: true },
]

/**
 * platformName writes a platform id as its name: 'youtube' → 'YouTube'.
 * @param {string} id
 */
export function platformName(id) {
  return PLATFORM_NAMES[id] || (id ? id[0].toUpperCase() + id.slice(1) : '—')
}

/**
 * shortDay writes a YYYY-MM-DD day (UTC) as 'Nov 3'.
 * @param {string} day
 */
export function shortDay(day) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/**
 * hasPosts tells whether any post of the campaign is captured.
 * @param {import('../../../lib/api-types').Schema<'CampaignResults'>} results
 */
export function hasPosts(results) {
  return results.creators.some((c) => c.posts.length > 0)
}

/**
 * fileStem turns a campaign name into a file name stem: 'Autumn Lookbook' → 'autumn-lookbook'.
 * @param {string | null | undefined} name
 */
export function fileStem(name) {
  return (name || 'campaign').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'
}
