import { Suspense, useCallback, useEffect, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useAuth, setUser, setAuthLoading } from '../../lib/auth-store'
import { useMe } from '../../features/auth/api/get-me'
import { PRODUCT_NAME } from '../../config/app'
import { Loading } from '../../components/status'
import { SidebarContent } from './sidebar'
import { Header } from './header'
import { LogoutDialog } from './logout-dialog'
import { findRoute } from '../../config/routes'
import { Icon } from './icon'
import { LiveThreadEvents } from '../../features/thread/components/live-thread-events'

/** AppShell: the signed-in frame (sidebar or drawer, header, logout dialog) and the startup query. */
export function AppShell() {
  const { accessToken, role } = useAuth()
  const { data: user, error, mutate } = useMe(accessToken)
  const location = useLocation()
  const navigate = useNavigate()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [logoutOpen, setLogoutOpen] = useState(false)
  const focus = Boolean(findRoute(location.pathname)?.focus)

  useEffect(() => {
    if (user) setUser(user)
  }, [user])
  useEffect(() => {
    if (error) setAuthLoading(false)
  }, [error])

  // /logout is not a page: it lands here with state.logout and opens the dialog.
  useEffect(() => {
    if (location.state?.logout) setLogoutOpen(true)
  }, [location.state])

  const closeLogout = useCallback(() => {
    setLogoutOpen(false)
    if (location.state?.logout) navigate(location.pathname, { replace: true, state: null })
  }, [location.pathname, location.state, navigate])

  const openLogout = () => {
    setDrawerOpen(false)
    setLogoutOpen(true)
  }

  useEffect(() => setDrawerOpen(false), [location.pathname])
  useEffect(() => {
    if (!drawerOpen) return undefined
    const onKey = (e) => e.key === 'Escape' && setDrawerOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  if (error && !role && error.status !== 401) {
    return (
      <div className="cc-fullscreen d-flex flex-column align-items-center justify-content-center text-center p-4">
        <p className="fw-semibold mb-1">We couldn't load your profile.</p>
        <p className="text-secondary">{error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => mutate()}>
          Try again
        </button>
      </div>
    )
  }

  return (
    <div className={`cc-app${focus ? ' cc-focus' : ''}`}>
      {!focus && (
        <>
          <aside className="cc-sidebar d-none d-md-block" aria-label="Sidebar">
            <SidebarContent onLogout={openLogout} />
          </aside>
          <div className="cc-topbar d-flex d-md-none align-items-center justify-content-between px-3">
            <div className="d-flex align-items-center gap-2 fw-bold">
              <span className="cc-logo" aria-hidden="true">CC</span>
              {PRODUCT_NAME}
            </div>
            <button type="button" className="btn btn-light cc-icon-btn" aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <Icon name="menu" />
            </button>
          </div>
          {drawerOpen && (
            <>
              <div className="offcanvas offcanvas-start show cc-drawer d-md-none" role="dialog" aria-modal="true" aria-label="Menu">
                <SidebarContent onNavigate={() => setDrawerOpen(false)} onLogout={openLogout} onClose={() => setDrawerOpen(false)} />
              </div>
              <div className="offcanvas-backdrop fade show d-md-none" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
            </>
          )}
        </>
      )}
      <main className="cc-main">
        <div className="cc-content">
          <Header />
          <Suspense fallback={<Loading fullScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <LogoutDialog show={logoutOpen} onClose={closeLogout} />
      <LiveThreadEvents />
    </div>
  )
}
