/** BASIS_WORDS say where an age fit comes from. */
/** @type {Record<string, string>} */
const BASIS_WORDS = {
  derived: 'derived from measured ages',
  estimated: 'estimated from imported ages',
}

/**
 * AgeFit states the age part of a roster entry's fit: the audience's share in the campaign's ages and its basis
 * (derived from the connected accounts' measured age split, or estimated from an imported one); "n/a" when no
 * platform gives an age split.
 * @param {{parts?: Array<{name: string, value: number | null, share?: number, basis?: string}>}} props
 */
export function AgeFit({ parts }) {
  const age = parts?.find((p) => p.name === 'age')
  if (!age) return null
  if (age.value == null || age.share == null) {
    return <div className="small fw-normal text-secondary">Audience in the campaign's ages: n/a (no age split)</div>
  }
  return (
    <div className="small fw-normal text-secondary">
      Audience in the campaign's ages: {Math.round(age.share)}% ({(age.basis && BASIS_WORDS[age.basis]) || 'estimated'})
    </div>
  )
}
