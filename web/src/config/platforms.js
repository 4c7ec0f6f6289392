/** PLATFORMS: the social platforms the product knows, in display order; `name` is how the platform writes itself. */
export const PLATFORMS = [
  { id: 'instagram', name: 'Instagram' },
  { id: 'youtube', name: 'YouTube' },
  { id: 'tiktok', name: 'TikTok' },
  { id: 'linkedin', name: 'LinkedIn' },
]

/** PLATFORM_IDS: the platform ids, in display order. */
export const PLATFORM_IDS = PLATFORMS.map((p) => p.id)

/** PLATFORM_NAMES: how each platform id is written. */
export const PLATFORM_NAMES = Object.fromEntries(PLATFORMS.map((p) => [p.id, p.name]))

/**
 * followersLabel names a platform's audience count: YouTube counts subscribers, the others followers.
 * @param {string} id
 */
export function followersLabel(id) {
  return id === 'youtube' ? 'Subscribers' : 'Followers'
}
