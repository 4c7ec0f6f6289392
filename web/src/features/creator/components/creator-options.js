import { PLATFORMS as ALL_PLATFORMS } from '../../../config/platforms'

/** Filter choices of GET /api/creators (values as store/creator.go accepts them). */
export const TIERS = [
  { value: 'Micro', label: 'Micro', hint: 'under 50K' },
  { value: 'Mid', label: 'Mid', hint: '50K–500K' },
  { value: 'Macro', label: 'Macro', hint: '500K+' },
]

export const PLATFORMS = ALL_PLATFORMS.map((p) => ({ value: p.id, label: p.name }))

// The server filters on the audience gender that is at least half of the audience: male, female or other.
export const GENDERS = [
  { value: 'female', label: 'Mostly female' },
  { value: 'male', label: 'Mostly male' },
  { value: 'other', label: 'Mostly other genders' },
]

export const SORTS = [
  { value: 'followers', label: 'Most followers' },
  { value: '-followers', label: 'Fewest followers' },
  { value: 'engagement', label: 'Highest engagement' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'recent', label: 'Recently added' },
]

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
  sort: 'followers',
}

/** activeFilterCount counts the filters that narrow the list (sort does not). */
export function activeFilterCount(filters) {
  return Object.entries(filters).filter(([k, v]) => k !== 'sort' && String(v ?? '').trim()).length
}
