import { lazy, Suspense } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useCreator } from '../api/get-creator'
import { NetworkStatusBadge } from '../../../components/network-status-badge'
import { formatCount, formatFollowers, formatMoney, formatPercent } from '../../../lib/format'
import { EmptyState } from '../../../components/empty-state'
import { CardSection } from '../../../components/card-section'
import { Loading, LoadError } from '../../../components/status'
import { useAuth } from '../../../lib/auth-store'
import { ROLES } from '../../../config/roles'
import { PLATFORMS } from './creator-options'
import { AddToCampaign } from './add-to-campaign'
import { audienceBasisText } from './creator-format'
import { CreatorAvatar } from './creator-card'
import { BasisLabel } from '../../../components/figure-basis'
import './creator.css'

const TrendChart = lazy(() => import('../../../components/trend-chart'))

const TIER_CLASS = { Micro: 'cc-tier-micro', Mid: 'cc-tier-mid', Macro: 'cc-tier-macro' }
const PLATFORM_NAME = Object.fromEntries(PLATFORMS.map((p) => [p.value, p.label]))
const CAN_ADD = [ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER]

function VerifiedBadge() {
  return (
    <span className="cc-verified" title="The creator connected this account">
      ✓ Verified
    </span>
  )
}

/**
 * Figure is one named figure with its basis label; `figure` is {value, basis} or null (unknown).
 * @template T
 * @param {{term: string, figure: {value: T, basis: string} | null | undefined, format: (value: T) => string}} props
 */
function Figure({ term, figure, format }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className="d-flex flex-wrap align-items-center gap-2">
        <span>{figure ? format(figure.value) : '—'}</span>
        {figure && <BasisLabel basis={figure.basis} />}
      </dd>
    </div>
  )
}

/** @param {{audience: import('../api/get-creator').Profile['audience']}} props */
function Audience({ audience }) {
  if (!audience) return <p className="text-secondary mb-0">Audience not known.</p>
  const split = (/** @type {Record<string, number> | null | undefined} */ m) =>
    Object.entries(m || {})
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${Math.round(v)}% ${k}`)
      .join(', ')
  return (
    <>
      <p className="small text-secondary mb-2">{audienceBasisText(audience)}</p>
      <dl className="mb-0 small">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
          <dt className="fw-semibold">Gender</dt>
          <dd className="mb-0 d-flex flex-wrap gap-2 align-items-center">
            {split(audience.gender) || '—'} <BasisLabel basis={audience.basis} />
          </dd>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <dt className="fw-semibold">Ages</dt>
          <dd className="mb-0">{split(audience.ages) || '—'}</dd>
        </div>
      </dl>
    </>
  )
}

/** @param {{profile: import('../api/get-creator').Profile}} props */
function Trends({ profile }) {
  if (profile.trends.length === 0) {
    return <p className="text-secondary mb-0">Trends appear once the creator connects an account.</p>
  }
  return (
    <Suspense fallback={<Loading label="Loading chart…" />}>
      <div className="d-flex flex-column gap-4">
        {profile.trends.map((t) => {
          const views = t.days.some((d) => d.views > 0)
          return (
            <TrendChart
              key={t.platform}
              name={PLATFORM_NAME[t.platform] || t.platform}
              followersLabel={t.platform === 'youtube' ? 'Subscribers' : 'Followers'}
              activity={views ? 'view' : 'like'}
              activityLabel={views ? 'Views' : 'Likes'}
              history={t.days.map((d) => ({ date: d.date, followers: d.followers, view: d.views, like: d.likes }))}
            />
          )
        })}
      </div>
    </Suspense>
  )
}

/**
 * CreatorNotFound is the profile page of an unknown creator.
 * @param {{back: string}} props
 */
function CreatorNotFound({ back }) {
  return (
    <EmptyState
      title="Creator not found"
      link={{ to: back, label: 'Back to creators' }}
    >
      <p className="mb-0">This creator is not in the network, or the link is wrong.</p>
    </EmptyState>
  )
}

/**
 * CreatorProfile: a creator of the network with every figure's basis
 * (Measured, Imported, Estimated), Verified badges for connected platforms,
 * the 90-day trends, and "Add to campaign" for brand editors. `quality` is
 * the audience-quality card the app mounts below the figures.
 * @param {{id: string, quality?: import('react').ReactNode}} props
 */
export function CreatorProfile({ id, quality = null }) {
  const location = useLocation()
  const back = location.state?.back || '/creator-network'
  const { role } = useAuth()
  const { data, error, isLoading, mutate } = useCreator(id)
  const backLink = (
    <Link to={back} className="link-secondary small text-decoration-none">
      ← Back to creators
    </Link>
  )
  if (error?.status === 404) return <CreatorNotFound back={back} />
  if (error) return <LoadError error={error} onRetry={() => mutate()} />
  if (isLoading || !data?.creator) return <Loading label="Loading creator…" />
  const { creator: c, profile: p } = data
  return (
    <div className="d-flex flex-column gap-3">
      {backLink}
      <section className="card border-0 shadow-sm" aria-labelledby="creator-name">
        <div className="card-body p-3 p-md-4 d-flex flex-column gap-3">
          <div className="d-flex align-items-start gap-3">
            <CreatorAvatar name={c.name} />
            <div className="flex-grow-1 min-w-0">
              <h2 id="creator-name" className="h4 fw-bold mb-1">
                {c.name}
              </h2>
              <p className="text-secondary mb-0">{[c.niche, c.location].filter(Boolean).join(' · ') || '—'}</p>
            </div>
            <div className="d-flex flex-wrap gap-2 justify-content-end">
              <NetworkStatusBadge creator={c} />
              {p.verified && <VerifiedBadge />}
              <span className={`badge rounded-pill cc-tier ${TIER_CLASS[p.tier.value] || ''}`}>{p.tier.value}</span>
            </div>
          </div>
          <dl className="cc-profile-figures mb-0">
            <Figure term="Followers" figure={p.followers} format={formatFollowers} />
            <Figure term="Engagement rate" figure={p.engagementRate} format={formatPercent} />
            <Figure term="Tier" figure={p.tier} format={(v) => v} />
            <Figure term="Fee estimate (one post)" figure={p.fee} format={formatMoney} />
          </dl>
          <p className="small text-secondary mb-0">{p.fee.method}.</p>
        </div>
      </section>
      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <CardSection title="Platforms" titleId="creator-platforms" className="h-100">
            <ul className="list-unstyled mb-0 d-flex flex-column gap-2" aria-labelledby="creator-platforms">
              {p.platforms.map((pl) => (
                <li key={pl.platform} className="d-flex flex-wrap align-items-center gap-2">
                  <span className="fw-semibold">{PLATFORM_NAME[pl.platform] || pl.platform}</span>
                  <span className="text-secondary">{pl.handle ? `@${pl.handle.replace(/^@/, '')}` : '—'}</span>
                  <span className="ms-auto">{pl.followers ? formatCount(pl.followers.value) : '—'}</span>
                  {pl.followers && <BasisLabel basis={pl.followers.basis} />}
                  {pl.verified && <VerifiedBadge />}
                </li>
              ))}
            </ul>
          </CardSection>
        </div>
        <div className="col-12 col-lg-6">
          <CardSection title="Audience" titleId="creator-audience" className="h-100">
            <Audience audience={p.audience} />
          </CardSection>
        </div>
      </div>
      {quality}
      {role && CAN_ADD.includes(role) && <AddToCampaign creator={c} fee={p.fee.value} />}
      <CardSection title={`${p.trendDays}-day trends`} titleId="creator-trends">
        <Trends profile={p} />
      </CardSection>
    </div>
  )
}
