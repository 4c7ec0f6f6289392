import { Link } from 'react-router-dom'
import { PLATFORMS } from './creator-options'
import { formatFollowers, formatPercent, initials } from '../../../lib/format'
import { audienceBasisText, audienceLead } from './creator-format'
import { StatList } from '../../../components/stat-list'
import { NetworkStatusBadge } from '../../../components/network-status-badge'

/** @type {Record<string, string>} */
const TIER_CLASS = { Micro: 'cc-tier-micro', Mid: 'cc-tier-mid', Macro: 'cc-tier-macro' }

/**
 * CreatorCard: name, tier label, niche, location, followers, engagement rate
 * audience (with where it comes from) and platforms of one creator; the whole card opens the creator's profile
 * (back brings the list as it was: `back` is the list's URL).
 * @param {{creator: import('../api/get-creator').Creator, back?: string}} props
 */
export function CreatorCard({ creator: c, back }) {
  const platforms = PLATFORMS.flatMap((p) => {
    const account = c.platforms?.[p.value]
    return account ? [{ ...p, account }] : []
  })
  const audience = audienceLead(c.audience)
  return (
    <article className="card border-0 shadow-sm h-100 cc-creator-card" aria-label={c.name}>
      <div className="card-body p-3 d-flex flex-column gap-3">
        <div className="d-flex align-items-start gap-3">
          <CreatorAvatar name={c.name} />
          <div className="flex-grow-1 min-w-0">
            <h2 className="h6 fw-bold mb-1 text-truncate">
              <Link to={`/creator-network/${encodeURIComponent(c._id)}`} state={back ? { back } : undefined} className="stretched-link text-reset text-decoration-none">
                {c.name}
              </Link>
            </h2>
            <p className="small text-secondary mb-0 text-truncate">{[c.niche, c.location].filter(Boolean).join(' · ') || '—'}</p>
            <NetworkStatusBadge creator={c} className="mt-1" />
            <QualityBadge score={c.quality} />
          </div>
          <span className={`badge rounded-pill cc-tier ${TIER_CLASS[c.tier] || ''}`}>{c.tier}</span>
        </div>
        <StatList
          className="cc-creator-stats mb-0"
          items={[
            ['Followers', formatFollowers(c.followers)],
            ['Engagement', formatPercent(c.engagementRate)],
            ['Audience', audience || '—', 'text-truncate'],
          ]}
        />
        {audience && <p className="small text-secondary mb-0 cc-creator-audience-basis">{audienceBasisText(c.audience)}</p>}
        {platforms.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0 mt-auto" aria-label="Platforms">
            {platforms.map((p) => {
              const acc = p.account
              return (
                <li key={p.value} className={`cc-platform cc-platform-${p.value}`} title={acc.handle || undefined}>
                  <span className="fw-semibold">{p.label}</span> <span>{acc.followers == null ? '—' : formatFollowers(acc.followers)}</span>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </article>
  )
}

/**
 * QualityBadge is a creator's audience-quality reading on a network row: the 0–100 figure measured from
 * their connected accounts, or "No reading" for an imported creator.
 * @param {{score?: number | null}} props
 */
export function QualityBadge({ score }) {
  if (score == null) {
    return (
      <span className="cc-quality-badge-row cc-quality-badge-none d-inline-block mt-1 ms-1" title="Connect accounts for a verified reading">
        No quality reading
      </span>
    )
  }
  const band = score >= 70 ? 'high' : score >= 40 ? 'mid' : 'low'
  return (
    <span className={`cc-quality-badge-row cc-quality-badge-${band} d-inline-block mt-1 ms-1`} title="Audience-quality reading, measured from connected accounts">
      Audience quality {score}/100
    </span>
  )
}

/**
 * CreatorAvatar is a creator's initials in a round badge (decoration: the name stands beside it).
 * @param {{name: string}} props
 */
export function CreatorAvatar({ name }) {
  return (
    <span className="cc-creator-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  )
}
