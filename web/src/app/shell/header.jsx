import { useEffect } from 'react'
import { Link, matchPath, useLocation } from 'react-router-dom'
import { useAuth } from '../../lib/auth-store'
import { ROLES, ROUTE_ROLES, canAccess } from '../../config/roles'
import { PRODUCT_NAME } from '../../config/app'
import { isFocusPage, pageTitle } from './nav-items'
import { Icon } from './icon'

/** Header: page title by path, and the profile image or the 'Start New Campaign' button. */
export function Header() {
  const { pathname } = useLocation()
  const { profileImage, role, userName } = useAuth()
  const pattern = Object.keys(ROUTE_ROLES).find((p) => matchPath(p, pathname))
  // A role that may not open the page sees only the 404 view, without the page's title.
  const denied = Boolean(role && pattern && !canAccess(role, pattern))
  const { title, subtitle, doc } = denied ? { title: '' } : pageTitle(pathname)

  useEffect(() => {
    const name = doc || title
    document.title = name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME
  }, [doc, title])

  return (
    <header className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4 cc-header">
      <div className="d-flex align-items-center gap-3 min-w-0">
        {isFocusPage(pathname) && (
          <Link to="/campaigns" className="btn btn-light cc-icon-btn" aria-label="Back to campaigns">
            <Icon name="back" />
          </Link>
        )}
        <div className="min-w-0">
          {title && <h1 className="h3 fw-bold mb-0 text-break">{title}</h1>}
          {subtitle && <p className="text-secondary mb-0 small">{subtitle}</p>}
        </div>
      </div>
      {profileImage ? (
        <img src={profileImage} alt="Profile" className="cc-avatar" width={44} height={44} />
      ) : role === ROLES.BRAND_ADMIN && !isFocusPage(pathname) ? (
        <Link to="/create-campaign" className="btn btn-primary text-nowrap">
          Start New Campaign
        </Link>
      ) : (
        <span className="cc-avatar cc-avatar-initials" role="img" aria-label="Profile">
          {initials(userName)}
        </span>
      )}
    </header>
  )
}

function initials(name) {
  if (!name) return '?'
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0].toUpperCase())
    .join('')
}
