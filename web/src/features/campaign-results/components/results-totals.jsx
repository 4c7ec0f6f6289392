import { FigureValue } from '../../../components/figure-basis'
import { formatDateTime } from '../../../lib/format'
import { TOTALS } from './results-format'

/**
 * ResultsTotals are the campaign's totals as cards, each with its basis: Measured, Derived (formula written out)
 * or "n/a" with why, never 0 for a figure no platform reports; and the time the figures are as of.
 * @param {{totals: import('../../../lib/api-types').Schema<'CampaignResults'>['totals'], asOf: string | null}} props
 */
export function ResultsTotals({ totals, asOf }) {
  return (
    <section aria-labelledby="results-totals">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h2 id="results-totals" className="h5 fw-bold mb-0">
          Totals
        </h2>
        <p className="small text-secondary mb-0">
          {asOf ? `As of ${formatDateTime(asOf)}` : 'Not synced yet'} · measured from the creators' connected accounts
        </p>
      </div>
      <ul className="row g-3 list-unstyled mb-0">
        {TOTALS.map((t) => {
          const platforms = totals[t.key]?.platforms ?? []
          return (
            <li key={t.key} className="col-6 col-md-4 col-xl-2">
              <section className="card border-0 shadow-sm cc-result" aria-label={t.label}>
                <div className="card-body p-3">
                  <h3 className="small text-secondary fw-normal mb-1">{t.title ? <abbr title={t.title}>{t.label}</abbr> : t.label}</h3>
                  <FigureValue figure={totals[t.key]} format={t.format} explain className="cc-result-value d-block" />
                  {t.platforms && platforms.length > 0 && (
                    <span className="d-block small text-secondary cc-figure-note">Reported by {platforms.join(', ')}</span>
                  )}
                </div>
              </section>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
