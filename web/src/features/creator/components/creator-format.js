/** audienceLead names the largest audience gender share, e.g. '74% female'; null when unknown. */
export function audienceLead(audience) {
  const g = audience?.gender
  if (!g) return null
  const top = Object.entries(g).sort((a, b) => b[1] - a[1])[0]
  return top ? `${Math.round(top[1])}% ${top[0]}` : null
}
