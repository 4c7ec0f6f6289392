/**
 * originOf turns the guard's saved location (router state `from`) into the path to return to.
 * @param {{from?: string | {pathname?: string, search?: string, hash?: string} | null} | null | undefined} state
 * @param {string} [fallback]
 */
export function originOf(state, fallback = '/dashboard') {
  const from = state?.from
  if (!from) return fallback
  const path = typeof from === 'string' ? from : `${from.pathname || ''}${from.search || ''}${from.hash || ''}`
  // Only same-app paths; never bounce back to the auth pages.
  if (!path.startsWith('/') || path.startsWith('//') || path === '/login' || path === '/logout') return fallback
  return path
}
