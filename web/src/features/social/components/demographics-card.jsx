import { formatPercent } from '../../../lib/format'
import { CardSection } from '../../../components/card-section'

/** @typedef {NonNullable<import('../api/engagement').Engagement['demographics']>} Demographics */
/** @typedef {Pick<Demographics, 'age' | 'gender' | 'countries'>} Shares */

/** @type {Record<string, string>} */
const GENDER = { female: 'Female', male: 'Male', other: 'Other' }

/** @param {{title: string, rows: {label: string, share: number}[], level?: number}} props */
function Bars({ title, rows, level = 4 }) {
  const H = /** @type {import("react").ElementType} */ (`h${level}`)
  return (
    <div className="col-12 col-md-4">
      <H className="h6 fw-semibold">{title}</H>
      {rows.length === 0 ? (
        <p className="small text-secondary">No data yet.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {rows.map((r) => (
            <li key={r.label} className="mb-2">
              <div className="d-flex justify-content-between small">
                <span>{r.label}</span>
                <span className="fw-semibold">{formatPercent(r.share * 100)}</span>
              </div>
              <div className="progress cc-demo-bar" aria-hidden="true">
                <div className="progress-bar" style={{ width: `${Math.round(r.share * 100)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Audience is one set of shares: age, gender and top countries.
 * @param {{a: Shares, level: number}} props
 */
function Audience({ a, level }) {
  return (
    <div className="row g-3">
      <Bars level={level} title="Age" rows={(a.age || []).map((x) => ({ label: x.range, share: x.share }))} />
      <Bars level={level} title="Gender" rows={(a.gender || []).map((g) => ({ label: GENDER[g.gender] || g.gender, share: g.share }))} />
      <Bars level={level} title="Top countries" rows={(a.countries || []).map((c) => ({ label: c.country, share: c.share }))} />
    </div>
  )
}

/**
 * DemographicsCard is the 'Audience Demographics' card: each platform's own audience (age, gender, top countries),
 * as the platform reports it and the coach quotes it, or, when the answer carries no per-platform shares, the blend
 * of the platforms it names; and which platforms share none.
 * @param {{demographics?: Demographics | null}} props
 */
export function DemographicsCard({ demographics }) {
  /** @type {Demographics} */
  const d = demographics || { age: [], gender: [], countries: [], platforms: [] }
  const platforms = d.platforms || []
  const shared = platforms.filter((p) => p.shared)
  const silent = platforms.filter((p) => !p.shared).map((p) => p.platformName)
  const perPlatform = shared.length > 0 && shared.every((p) => Array.isArray(p.age))
  return (
    <CardSection titleId="cc-demographics" title="Audience Demographics" as="h3">
      {perPlatform ? (
        <div className="d-flex flex-column gap-4">
          {shared.map((p) => (
            <section key={p.platform} aria-label={`${p.platformName} audience`}>
              <h4 className="h6 fw-bold mb-2">{p.platformName}</h4>
              <Audience a={p} level={5} />
            </section>
          ))}
        </div>
      ) : (
        <>
          {shared.length > 0 && (
            <p className="small text-secondary">
              {shared.length === 1 ? `From ${shared[0].platformName}.` : `${shared.map((p) => p.platformName).join(' and ')} combined, weighted by followers.`}
            </p>
          )}
          <Audience a={d} level={4} />
        </>
      )}
      {silent.length > 0 && (
        <p className="small text-secondary mb-0 mt-3">
          {silent.join(', ')} {silent.length === 1 ? 'does' : 'do'} not share audience demographics.
        </p>
      )}
    </CardSection>
  )
}
