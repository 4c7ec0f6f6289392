import { STATUSES } from './campaign-options'

/**
 * CampaignStatusBadge shows draft, active or completed as a coloured pill.
 * @param {{status?: string | null}} props
 */
export function CampaignStatusBadge({ status }) {
  const s = STATUSES.find((x) => x.value === status) || { label: status || 'Unknown', badge: 'text-bg-light' }
  return <span className={`badge rounded-pill ${s.badge}`}>{s.label}</span>
}
