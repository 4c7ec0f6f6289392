// Choices of the campaign form: goals, vibes, genders, ages, statuses, exclusivity and usage rights.

export const GOAL_OTHER = 'Other'
export const GOALS = ['Brand Awareness', 'Product Launch', 'Drive Sales', 'Content Creation', 'Community Growth', 'App Installs', GOAL_OTHER]
export const CONTENT_VIBES = ['Authentic', 'Educational', 'Funny', 'Aesthetic', 'Luxury', 'Energetic', 'Minimal', 'Storytelling']
export const GENDERS = ['All', 'Female', 'Male', 'Non-binary']
export const AGE_MIN = 13
export const AGE_MAX = 65
export const AGES = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i)
export const EXCLUSIVITY = [
  { value: 'no_exclusivity', label: 'Non-exclusive partnership' },
  { value: 'exclusive', label: 'Exclusive partnership' },
]
export const CONTENT_USAGE = [
  { value: 'organic_only', label: 'Organic only' },
  { value: 'unlimited', label: 'Unlimited Usage' },
  { value: '30_days', label: '30-Day Usage' },
]
export const STATUSES = [
  { value: 'draft', label: 'Draft', badge: 'text-bg-secondary' },
  { value: 'active', label: 'Active', badge: 'text-bg-success' },
  { value: 'completed', label: 'Completed', badge: 'text-bg-primary' },
]
export const INSTRUCTIONS_MAX = 500

/** PLATFORMS are the deliverables' platforms (the server's platform ids). */
export const PLATFORMS = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'linkedin', label: 'LinkedIn' },
]

/** BRIEF_MAX is the longest brief for creators. */
export const BRIEF_MAX = 2000
