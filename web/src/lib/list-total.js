/** COUNT_CAP: list totals are exact below it; at or above it the server caps or estimates them. */
export const COUNT_CAP = 10000

/** formatTotal shows a list total, "10,000+" style once it reaches the cap. */
export function formatTotal(total) {
  const n = Number(total) || 0
  return n >= COUNT_CAP ? `${COUNT_CAP.toLocaleString('en-US')}+` : n.toLocaleString('en-US')
}
