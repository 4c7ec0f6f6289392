import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Loading } from '../components/status'
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '../config/routes'
import { RedirectIfAuthenticated, RequireAuth, RequireRole } from './guards'

// The frames are lazy too: /login needs only the auth layout and the login form.
const AuthLayout = lazy(() => import('./routes/auth-layout'))
const AppShell = lazy(() => import('./routes/app-shell'))

function publicRoute({ path, page: Page, guestOnly }) {
  const element = guestOnly ? (
    <RedirectIfAuthenticated>
      <Page />
    </RedirectIfAuthenticated>
  ) : (
    <Page />
  )
  return <Route key={path} path={path} element={element} />
}

/** AppRoutes builds the router from the route tables of config/routes.js. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        {PUBLIC_ROUTES.filter((r) => !r.layout).map(publicRoute)}
        <Route element={<AuthLayout />}>{PUBLIC_ROUTES.filter((r) => r.layout === 'auth').map(publicRoute)}</Route>
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          {SIGNED_IN_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RequireRole route={route}>
                  <route.page />
                </RequireRole>
              }
            />
          ))}
          <Route path="/logout" element={<Navigate to="/dashboard" replace state={{ logout: true }} />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </Suspense>
  )
}
