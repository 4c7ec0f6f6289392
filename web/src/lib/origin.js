/** originOf turns the guard's saved location (router state `from`) into the path to return to. */
export function originOf(state, fallback = '/dashboard') {
  const from = state?.from
  if (!from) return fallback
  const path = typeof from === 'string' ? from : `${from.pathname || ''}${from.search || ''}${from.hash || ''}`
  // Only same-app paths; never bounce back to the auth pages.
  if (!path.startsWith('/') || path.startsWith('//') || path === '/login' || path === '/logout') return fallback
  return path
}
