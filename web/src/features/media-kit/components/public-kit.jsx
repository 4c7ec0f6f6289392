import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { PublicRead } from '../../../components/public-card'
import { PLATFORM_NAMES } from '../../../config/platforms'
import { ROLES } from '../../../config/roles'
import { useAuth } from '../../../lib/auth-store'
import { useViewerRole } from '../../../lib/viewer-role'
import { ScrollRegion } from '../../../components/scroll-region'
import { CardSection } from '../../../components/card-section'
import { formatAmount, formatCount, formatDate } from '../../../lib/format'
import { usePublicKit } from '../api/get-public-kit'
import { kitPdfUrl } from '../api/kit-keys'
import { kitFigure } from './kit-campaigns'
import { BookDialog } from './book-dialog'
import './media-kit.css'

/** GONE is what the page says for an unknown or unpublished kit (the API's message). */
export const GONE = 'This media kit is not published'
const KIT_GONE = { id: 'kit-gone', title: GONE, hint: 'The creator may have taken it down.' }

const BOOKERS = [ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER]

/**
 * useRobots tells search engines not to index the page unless `index` (the creator opted in).
 * @param {boolean} index
 */
function useRobots(index) {
  useEffect(() => {
    if (index) return undefined
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.appendChild(meta)
    return () => meta.remove()
  }, [index])
}

/**
 * Quality shows the audience-quality reading as brands read it: the figure, and each account's with its date.
 * @param {{quality: import('../../../lib/api-types').Schema<'QualityCreator'>}} props
 */
function Quality({ quality }) {
  return (
    <>
      <p className="mb-2">
        {quality.score == null ? (
          <>n/a: {quality.reason}</>
        ) : (
          <>
            <span className="display-6 fw-bold">{quality.score}</span>
            <span className="text-secondary"> / 100</span> <span className="cc-basis cc-basis-derived">Derived</span>
          </>
        )}
      </p>
      {quality.accounts.length > 0 && (
        <ul className="list-unstyled small mb-0">
          {quality.accounts.map((a) => (
            <li key={a.platform}>
              {PLATFORM_NAMES[a.platform] || a.platform}: {a.score == null ? `n/a (${a.reason})` : `${a.score} / 100`}
              {a.computedAt && <span className="text-secondary"> · computed {formatDate(a.computedAt)}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="small text-secondary mb-0 mt-2">Read daily from the accounts the creator connected, not estimated from public pages.</p>
    </>
  )
}

/** @param {{label: string, shares: Record<string, number> | undefined}} props */
function Shares({ label, shares }) {
  const entries = Object.entries(shares || {})
  return (
    <p className="mb-1">
      <span className="fw-semibold">{label}:</span> {entries.length ? entries.map(([k, v]) => `${k} ${v} %`).join(', ') : 'n/a'}
    </p>
  )
}

/**
 * BookAction is what the rate card offers to book with: a dialog for brand editors, sign-up for visitors.
 * @param {{slug: string, line: import('../../../lib/api-types').Schema<'KitRateLine'>, role: string | null | undefined, onBook: (line: import('../../../lib/api-types').Schema<'KitRateLine'>) => void}} props
 */
function BookAction({ slug, line, role, onBook }) {
  const { isAuthenticated } = useAuth()
  if (role && BOOKERS.includes(role)) {
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => onBook(line)}>
        Book<span className="visually-hidden"> {line.label}</span>
      </button>
    )
  }
  if (isAuthenticated) return null
  return (
    <Link to="/signup" state={{ from: `/kit/${slug}`, tab: 'brand' }} className="btn btn-outline-primary btn-sm">
      Book<span className="visually-hidden"> {line.label}</span>
    </Link>
  )
}

/**
 * PublicKit is the public page /kit/{slug} (no log-in, no sidebar): the fields the creator chose to show, the PDF
 * link and "Book this creator" (brand editors book a rate-card line on a campaign; visitors sign up as a brand and
 * come back here). Search engines are told not to index it unless the creator opted in.
 * @param {{slug: string}} props
 */
export function PublicKit({ slug }) {
  const swr = usePublicKit(slug)
  const kit = swr.data
  const { isAuthenticated } = useAuth()
  const role = useViewerRole()
  const [booking, setBooking] = useState(/** @type {import('../../../lib/api-types').Schema<'KitRateLine'> | null} */ (null))
  useRobots(Boolean(kit?.searchEngines))
  const title = kit ? `${kit.name}: media kit` : 'Media kit'
  return (
    <PublicRead title={title} label="Media kit" className="cc-kit" swr={swr} loadingLabel="Loading media kit…" gone={KIT_GONE}>
      {(kit) => (
        <>
          <section className="card border-0 shadow-sm" aria-labelledby="kit-name">
            <div className="card-body p-3 p-md-4 d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
              {kit.photoUrl && <img src={kit.photoUrl} alt="" className="cc-kit-photo" width={96} height={96} />}
              <div className="flex-grow-1">
                <h1 id="kit-name" className="h3 fw-bold mb-1">
                  {kit.name}
                </h1>
                <p className="text-secondary mb-1">{[kit.niche, kit.location].filter(Boolean).join(' · ')}</p>
                {kit.handles.length > 0 && (
                  <ul className="list-inline mb-0 small">
                    {kit.handles.map((h) => (
                      <li key={h.platform} className="list-inline-item">
                        {PLATFORM_NAMES[h.platform] || h.platform} @{h.handle.replace(/^@/, '')}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <a className="btn btn-outline-secondary btn-sm align-self-start" href={kitPdfUrl(kit.slug)} target="_blank" rel="noreferrer">
                Download PDF
              </a>
            </div>
            {kit.bio && <p className="card-body pt-0 px-3 px-md-4 mb-0">{kit.bio}</p>}
          </section>

          {kit.platforms && (
            <CardSection titleId="kit-figures" title="Verified figures">
              {kit.platforms.length === 0 ? (
                <p className="mb-0 text-secondary">No connected accounts yet.</p>
              ) : (
                <ScrollRegion label="Verified figures table">
                  <table className="table table-sm align-middle mb-0">
                    <thead>
                      <tr>
                        <th scope="col">Platform</th>
                        <th scope="col" className="text-end">
                          Followers
                        </th>
                        <th scope="col">As of</th>
                        <th scope="col">Basis</th>
                      </tr>
                    </thead>
                    <tbody>
                      {kit.platforms.map((p) => (
                        <tr key={p.platform}>
                          <th scope="row">{PLATFORM_NAMES[p.platform] || p.platform}</th>
                          <td className="text-end">{formatCount(p.followers)}</td>
                          <td>{formatDate(p.asOf)}</td>
                          <td>
                            <span className="cc-basis cc-basis-measured">Measured</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              )}
            </CardSection>
          )}

          {kit.audience && (
            <CardSection titleId="kit-audience" title="Audience">
              <Shares label="Gender" shares={kit.audience.gender} />
              <Shares label="Ages" shares={kit.audience.ages} />
              <p className="small text-secondary mb-0">{kit.audience.basis === 'measured' ? 'Measured from connected accounts' : 'Imported'}</p>
            </CardSection>
          )}

          {kit.quality && (
            <CardSection titleId="kit-quality" title="Audience quality">
              <Quality quality={kit.quality} />
            </CardSection>
          )}

          {kit.campaigns.length > 0 && (
            <CardSection titleId="kit-campaigns" title="Past campaigns">
              <ScrollRegion label="Past campaigns table">
                <table className="table table-sm align-middle mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Brand</th>
                      <th scope="col">When</th>
                      <th scope="col" className="text-end">
                        Views
                      </th>
                      <th scope="col" className="text-end">
                        Engagements
                      </th>
                      <th scope="col" className="text-end">
                        Rate
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {kit.campaigns.map((c, i) => (
                      <tr key={i}>
                        <th scope="row" className="fw-normal">
                          {c.brand}
                          {c.campaign && <span className="d-block small text-secondary">{c.campaign}</span>}
                        </th>
                        <td>{c.period}</td>
                        <td className="text-end">{kitFigure(c.views)}</td>
                        <td className="text-end">{kitFigure(c.engagements)}</td>
                        <td className="text-end">{kitFigure(c.engagementRate, (v) => `${v.toFixed(2)} %`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <p className="small text-secondary mb-0 mt-2">Measured from the creator's tagged posts; engagements are likes, comments and shares.</p>
            </CardSection>
          )}

          <CardSection titleId="kit-rates" title="Book this creator">
            {kit.rateCard.length === 0 ? (
              <p className="mb-0 text-secondary">No rates listed yet.</p>
            ) : (
              <ul className="list-group list-group-flush">
                {kit.rateCard.map((l) => (
                  <li key={l.id} className="list-group-item px-0 d-flex align-items-center gap-2">
                    <span className="flex-grow-1">{l.label}</span>
                    <span className="fw-semibold">{formatAmount(l.priceCents)}</span>
                    <BookAction slug={kit.slug} line={l} role={role} onBook={setBooking} />
                  </li>
                ))}
              </ul>
            )}
            {!isAuthenticated && kit.rateCard.length > 0 && (
              <p className="small text-secondary mb-0 mt-3">
                Brands: <Link to="/signup" state={{ from: `/kit/${kit.slug}`, tab: 'brand' }}>create a brand account</Link> or{' '}
                <Link to="/login" state={{ from: `/kit/${kit.slug}` }}>log in</Link> to book; you come back here after verifying.
              </p>
            )}
            {isAuthenticated && role && !BOOKERS.includes(role) && <p className="small text-secondary mb-0 mt-3">Brand admins and managers can book from this kit.</p>}
          </CardSection>
          <BookDialog slug={kit.slug} line={booking} onClose={() => setBooking(null)} />
        </>
      )}
    </PublicRead>
  )
}
