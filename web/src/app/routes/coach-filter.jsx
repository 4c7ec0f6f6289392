import { PlatformFilter } from '../../features/coach/components/platform-filter'

/** The header's platform filter on the coaching chat (with title 'Ask Your {product}'). */
export default function CoachFilter() {
  return <PlatformFilter />
}
