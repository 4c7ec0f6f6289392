import { usePaysOnTime } from '../api/payment'

/**
 * PaysOnTime is a brand's "pays on time" record on a creator's offer: the share of its releases that left without
 * objection within the window and the median hours from capture to transfer over 12 months, or "new on the
 * platform" under 5 releases.
 * @param {{brandId: string, brandName?: string}} props
 */
export function PaysOnTime({ brandId, brandName = 'This brand' }) {
  const { data: r } = usePaysOnTime(brandId)
  if (!r) return null
  const text = r.onTimeShare == null ? `${brandName} is new on the platform (${r.releases} of 5 releases needed for a record).` : `${brandName}: ${r.label} (${r.releases} releases, last 12 months).`
  return (
    <p className="small text-secondary mb-2" data-testid="pays-on-time">
      <span className="fw-semibold">Pays on time · </span>
      {text}
    </p>
  )
}
