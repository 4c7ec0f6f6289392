import { Suspense, useEffect } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useAuth } from '../../lib/auth-store'
import { ROLES } from '../../config/roles'
import { canOpen, findRoute } from '../../config/routes'
import { PRODUCT_NAME } from '../../config/app'
import { Icon } from './icon'
import { initials } from '../../lib/format'

/** Header: page title by path, and the profile image or the 'Start New Campaign' button. */
export function Header() {
  const { pathname } = useLocation()
  const { profileImage, role, userName } = useAuth()
  const route = findRoute(pathname)
  // A role that may not open the page sees only the 404 view, without the page's title.
  const shown = route && (!role || canOpen(role, route)) ? route : null
  const title = shown?.title || ''
  const subtitle = shown?.subtitle
  const focus = Boolean(route?.focus)
  const HeaderMenu = shown?.headerMenu

  useEffect(() => {
    const name = shown?.docTitle || title
    document.title = name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME
  }, [shown, title])

  return (
    <header className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4 cc-header">
      <div className="d-flex align-items-center gap-3 min-w-0">
        {focus && (
          <Link to="/campaigns" className="btn btn-light cc-icon-btn" aria-label="Back to campaigns">
            <Icon name="back" />
          </Link>
        )}
        <div className="min-w-0">
          {title && <h1 className="h3 fw-bold mb-0 text-break">{title}</h1>}
          {subtitle && <p className="text-secondary mb-0 small">{subtitle}</p>}
        </div>
      </div>
      <div className="d-flex align-items-center gap-3 ms-auto">
        {HeaderMenu && (
          <Suspense fallback={null}>
            <HeaderMenu />
          </Suspense>
        )}
        {profileImage ? (
          <img src={profileImage} alt="Profile" className="cc-avatar" width={44} height={44} />
        ) : role === ROLES.BRAND_ADMIN && !focus ? (
          <Link to="/create-campaign" className="btn btn-primary text-nowrap">
            Start New Campaign
          </Link>
        ) : (
          <span className="cc-avatar cc-avatar-initials" role="img" aria-label="Profile">
            {initials(userName)}
          </span>
        )}
      </div>
    </header>
  )
}
