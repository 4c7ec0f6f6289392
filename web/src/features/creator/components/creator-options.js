import { PLATFORMS as ALL_PLATFORMS } from '../../../config/platforms'
import { optionList } from '../../../lib/options'

/** Filter choices of GET /api/creators (values as store/creator.go accepts them). */
export const TIERS = [
  { value: 'Micro', label: 'Micro', hint: 'under 50K' },
  { value: 'Mid', label: 'Mid', hint: '50K–500K' },
  { value: 'Macro', label: 'Macro', hint: '500K+' },
]

/** @typedef {keyof NonNullable<import('../api/get-creator').Creator['platforms']>} PlatformId */

// The app's platforms are the ones a creator's entry lists.
export const PLATFORMS = ALL_PLATFORMS.map((p) => ({ value: /** @type {PlatformId} */ (p.id), label: p.name }))

// The server filters on the audience gender that is at least half of the audience: male, female or other.
export const GENDERS = optionList({
  female: 'Mostly female',
  male: 'Mostly male',
  other: 'Mostly other genders',
})

export const SORTS = optionList({
  followers: 'Most followers',
  '-followers': 'Fewest followers',
  engagement: 'Highest engagement',
  name: 'Name (A–Z)',
  recent: 'Recently added',
  quality: 'Audience quality',
})

// The audience-quality reading: any creator, or only those with a reading measured from connected accounts.
export const READINGS = [{ value: 'true', label: 'Verified reading only' }]

export const EMPTY_FILTERS = {
  search: '',
  niche: '',
  tier: '',
  platform: '',
  minFollowers: '',
  maxFollowers: '',
  minEngagement: '',
  location: '',
  gender: '',
  verified: '',
  minQuality: '',
  sort: 'followers',
}

/** @typedef {Record<keyof typeof EMPTY_FILTERS, string>} Filters */
/** FILTER_NAMES are the filters' names, in EMPTY_FILTERS' order. */
const FILTER_NAMES = /** @type {(keyof Filters)[]} */ (Object.keys(EMPTY_FILTERS))

/**
 * activeFilterCount counts the filters that narrow the list (sort does not).
 * @param {Partial<Filters>} filters
 */
export function activeFilterCount(filters) {
  return Object.entries(filters).filter(([k, v]) => k !== 'sort' && String(v ?? '').trim()).length
}

/**
 * filtersFromParams reads the network's filters and page from the URL's
 * search params (absent ones take EMPTY_FILTERS' values), so a reload or a
 * shared link shows the same list.
 * @param {URLSearchParams} params
 */
export function filtersFromParams(params) {
  /** @type {Filters} */
  const filters = { ...EMPTY_FILTERS }
  for (const name of FILTER_NAMES) {
    const v = params.get(name)
    if (v != null) filters[name] = v
  }
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1)
  return { filters, page }
}

/**
 * filterParams writes filters and page as search params, leaving out blanks and defaults.
 * @param {Filters} filters
 * @param {number} [page]
 */
export function filterParams(filters, page = 1) {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) {
    const empty = EMPTY_FILTERS[name]
    const v = String(filters[name] ?? '')
    if (v.trim() && v !== empty) params.set(name, v)
  }
  if (page > 1) params.set('page', String(page))
  return params
}
