import { useSearchParams } from 'react-router-dom'
import { useConnectedPlatforms } from '../api/get-connected-platforms'
import { PLATFORM_NAMES } from '../../../config/platforms'

/**
 * usePlatformFilter is the header filter's choice, kept in the address (?platform=), '' = all platforms.
 * @returns {[string, (platform: string) => void]}
 */
export function usePlatformFilter() {
  const [params, setParams] = useSearchParams()
  const platform = params.get('platform') || ''
  const setPlatform = (/** @type {string} */ p) => setParams(p ? { platform: p } : {}, { replace: true })
  return [platform, setPlatform]
}

/** PlatformFilter is the header's menu: 'Filter By', 'All social platforms', then the connected platforms. */
export function PlatformFilter() {
  const [platform, setPlatform] = usePlatformFilter()
  const { data: connected = [] } = useConnectedPlatforms()
  const options = connected.includes(platform) || !platform ? connected : [...connected, platform]
  return (
    <div className="d-flex align-items-center gap-2 cc-platform-filter">
      <label htmlFor="coach-platform" className="small text-secondary text-nowrap mb-0">
        Filter By
      </label>
      <select id="coach-platform" className="form-select form-select-sm" value={platform} onChange={(e) => setPlatform(e.target.value)}>
        <option value="">All social platforms</option>
        {options.map((p) => (
          <option key={p} value={p}>
            {PLATFORM_NAMES[p] || p}
          </option>
        ))}
      </select>
    </div>
  )
}

export default PlatformFilter
