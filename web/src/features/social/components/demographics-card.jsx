import { formatPercent } from '../../../lib/format'
import { CardSection } from '../../../components/card-section'

const GENDER = { female: 'Female', male: 'Male', other: 'Other' }

function Bars({ title, rows }) {
  return (
    <div className="col-12 col-md-4">
      <h4 className="h6 fw-semibold">{title}</h4>
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

/** DemographicsCard is the 'Audience Demographics' card: age, gender and top countries, and which platforms share none. */
export function DemographicsCard({ demographics }) {
  const d = demographics || { age: [], gender: [], countries: [], platforms: [] }
  const silent = (d.platforms || []).filter((p) => !p.shared).map((p) => p.platformName)
  return (
    <CardSection titleId="cc-demographics" title="Audience Demographics" as="h3">
      <div className="row g-3">
        <Bars title="Age" rows={(d.age || []).map((a) => ({ label: a.range, share: a.share }))} />
        <Bars title="Gender" rows={(d.gender || []).map((g) => ({ label: GENDER[g.gender] || g.gender, share: g.share }))} />
        <Bars title="Top countries" rows={(d.countries || []).map((c) => ({ label: c.country, share: c.share }))} />
      </div>
      {silent.length > 0 && (
        <p className="small text-secondary mb-0 mt-3">
          {silent.join(', ')} {silent.length === 1 ? 'does' : 'do'} not share audience demographics.
        </p>
      )}
    </CardSection>
  )
}
