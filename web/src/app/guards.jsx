import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useAuth } from '../lib/auth-store'
import { toast } from '../lib/toast'
import { originOf } from '../lib/origin'
import { canOpen } from '../config/routes'
import { Loading } from '../components/status'
import { NotFoundView } from '../components/not-found-view'

/** RequireAuth sends anonymous visitors to /login, remembering where they came from. */
export function RequireAuth({ children }) {
  const { isAuthenticated, isLoggingOut } = useAuth()
  const location = useLocation()
  useEffect(() => {
    if (!isAuthenticated && !isLoggingOut) toast.error('Unauthenticated', { carry: true })
  }, [isAuthenticated, isLoggingOut])
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />
  return children
}

/** RequireRole shows the 404 view when the signed-in role may not open the route entry. */
export function RequireRole({ route, children }) {
  const { role, loading } = useAuth()
  if (loading && !role) return <Loading fullScreen />
  if (!canOpen(role, route)) return <NotFoundView />
  return children
}

/** RedirectIfAuthenticated keeps signed-in users away from /login. */
export function RedirectIfAuthenticated({ children }) {
  const { isAuthenticated } = useAuth()
  const location = useLocation()
  if (isAuthenticated) return <Navigate to={originOf(location.state)} replace />
  return children
}
