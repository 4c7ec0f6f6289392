import './figure-basis.css'

/** BASIS_LABELS names where a figure comes from, as the API's `basis` says it, with what that means. */
/** @type {Partial<Record<string, {label: string, title: string}>>} */
export const BASIS_LABELS = {
  measured: { label: 'Measured', title: 'Read from an account the creator connected' },
  imported: { label: 'Imported', title: 'From a roster file' },
  derived: { label: 'Derived', title: 'Computed from measured figures' },
  estimated: { label: 'Estimated', title: 'Estimated by Creator Coach' },
  unavailable: { label: 'n/a', title: 'Not available' },
}

/**
 * BasisLabel is a figure's basis as a small badge: Measured, Imported, Derived (its formula in the tooltip and,
 * unless `formulaShown` says the page writes it out, for screen readers), Estimated; nothing for an unknown basis.
 * @param {{basis?: string, formula?: string, formulaShown?: boolean}} props
 */
export function BasisLabel({ basis, formula, formulaShown = false }) {
  const b = BASIS_LABELS[basis ?? '']
  if (!b || basis === 'unavailable') return null
  const title = basis === 'derived' && formula ? `Derived: ${formula}` : b.title
  return (
    <span className={`cc-basis cc-basis-${basis}`} title={title}>
      {b.label}
      {basis === 'derived' && formula && !formulaShown && <span className="visually-hidden"> as {formula}</span>}
    </span>
  )
}

/**
 * Figure is the API's figure: {value, basis, formula?, reason?}; a value the platforms do not report is null with
 * basis 'unavailable' and a reason.
 * @typedef {{value?: number | null, basis: string, formula?: string, reason?: string}} Figure
 */

/**
 * isMissing tells whether a figure has no value to show (null, absent, or unavailable).
 * @param {Figure | null | undefined} figure
 */
export function isMissing(figure) {
  return !figure || figure.value == null || figure.basis === 'unavailable'
}

/**
 * shown is the opposite of isMissing, as a type guard: the figure has a value to show.
 * @param {Figure | null | undefined} figure
 * @returns {figure is Figure & {value: number}}
 */
const shown = (figure) => !isMissing(figure)

/**
 * FigureValue shows one figure formatted by `format`, never 0 for a missing one: "n/a" with the reason (in the
 * tooltip and for screen readers, and visibly below with `explain`), else the value and its basis badge
 * (`badge`, default true); with `explain` a derived figure's formula is written out below it.
 * @param {{figure?: Figure | null, format: (n: number) => string, badge?: boolean, explain?: boolean, className?: string}} props
 */
export function FigureValue({ figure, format, badge = true, explain = false, className = '' }) {
  if (!shown(figure)) {
    const reason = figure?.reason || 'Not reported'
    return (
      <span className={className}>
        <span title={reason}>
          n/a<span className="visually-hidden">: {reason}</span>
        </span>
        {explain && (
          <span className="d-block small fw-normal text-secondary cc-figure-note" aria-hidden="true">
            {reason}
          </span>
        )}
      </span>
    )
  }
  const formula = explain && figure.basis === 'derived' && figure.formula
  return (
    <span className={className}>
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        <span>{format(figure.value)}</span>
        {badge && <BasisLabel basis={figure.basis} formula={figure.formula} formulaShown={Boolean(formula)} />}
      </span>
      {formula && <span className="d-block small fw-normal text-secondary cc-figure-note">= {formula}</span>}
    </span>
  )
}
