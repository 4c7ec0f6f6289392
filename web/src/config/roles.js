/** The five roles; which role opens which page is in config/routes.js. */
export const ROLES = {
  USER: 'USER',
  ADMIN: 'ADMIN',
  BRAND_ADMIN: 'BRAND_ADMIN',
  BRAND_MANAGER: 'BRAND_MANAGER',
  BRAND_VIEWER: 'BRAND_VIEWER',
}

export const ALL_ROLES = Object.values(ROLES)
export const BRAND_ROLES = [ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER, ROLES.BRAND_VIEWER]

/** @param {string | null | undefined} role */
export function isBrandRole(role) {
  return role != null && BRAND_ROLES.includes(role)
}
