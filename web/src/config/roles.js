/** Roles and the route permission table of SPEC.md section 6 (strict reading). */
export const ROLES = {
  USER: 'USER',
  ADMIN: 'ADMIN',
  BRAND_ADMIN: 'BRAND_ADMIN',
  BRAND_MANAGER: 'BRAND_MANAGER',
  BRAND_VIEWER: 'BRAND_VIEWER',
}

export const ALL_ROLES = Object.values(ROLES)
export const BRAND_ROLES = [ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER, ROLES.BRAND_VIEWER]
const BRAND_EDITORS = [ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER]

/** Route pattern → roles allowed to open it. */
export const ROUTE_ROLES = {
  '/dashboard': ALL_ROLES,
  '/campaigns': BRAND_EDITORS,
  '/create-campaign': BRAND_EDITORS,
  '/update-campaign/:id': BRAND_EDITORS,
  '/creator-network': BRAND_EDITORS,
  '/roaster': [ROLES.ADMIN],
  '/offers': [ROLES.ADMIN],
  '/admin/creators': [ROLES.ADMIN],
  '/admin/brands': [ROLES.ADMIN],
  '/account-settings': [ROLES.ADMIN, ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER, ROLES.USER],
}

/** canAccess reports whether role may open the route pattern. */
export function canAccess(role, pattern) {
  const allowed = ROUTE_ROLES[pattern]
  return Boolean(role && allowed && allowed.includes(role))
}

export function isBrandRole(role) {
  return BRAND_ROLES.includes(role)
}
