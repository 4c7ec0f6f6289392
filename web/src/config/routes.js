import { lazy } from 'react'
import { matchPath } from 'react-router-dom'
import { ALL_ROLES, BRAND_ROLES, ROLES } from './roles'
import { PRODUCT_NAME } from './app'

const { ADMIN, BRAND_ADMIN, BRAND_MANAGER, USER } = ROLES
const BRAND_EDITORS = [BRAND_ADMIN, BRAND_MANAGER]

/**
 * SIGNED_IN_ROUTES: every page of the signed-in area, one entry each. The
 * router, the role guard, the sidebar (entries with `nav`, in this order), the
 * header and document title, and the focus rule (`focus`: no sidebar, a back
 * link) all read this table. Entry: {path, page (lazy), roles, title,
 * subtitle?, docTitle? (browser tab, when it differs from title), nav?: {label, icon}, focus?,
 * headerMenu? (lazy component shown in the header beside the title)}.
 * Each page is its own lazy chunk.
 */
export const SIGNED_IN_ROUTES = [
  {
    path: '/dashboard',
    page: lazy(() => import('../app/routes/dashboard')),
    roles: ALL_ROLES,
    title: 'Mission Control',
    subtitle: 'Your campaign performance at a glance',
    docTitle: 'Dashboard',
    nav: { label: 'Dashboard', icon: 'grid' },
  },
  { path: '/roaster', page: lazy(() => import('../app/routes/creator-import')), roles: [ADMIN], title: 'Roster', nav: { label: 'Roster', icon: 'upload' } },
  {
    path: '/admin/creators',
    page: lazy(() => import('../app/routes/admin-creators')),
    roles: [ADMIN],
    title: 'Creators',
    nav: { label: 'Creators', icon: 'users' },
  },
  { path: '/admin/brands', page: lazy(() => import('../app/routes/admin-brands')), roles: [ADMIN], title: 'Brands', nav: { label: 'Brands', icon: 'grid' } },
  { path: '/admin/suppressions', page: lazy(() => import('../app/routes/admin-suppressions')), roles: [ADMIN], title: 'Suppression list', nav: { label: 'Suppressions', icon: 'inbox' } },
  {
    path: '/campaigns',
    page: lazy(() => import('../app/routes/campaigns')),
    roles: BRAND_ROLES, // a BRAND_VIEWER reads the list and each campaign's results, read-only
    title: 'campaigns',
    docTitle: 'Campaigns',
    nav: { label: 'Campaigns', icon: 'megaphone' },
  },
  {
    path: '/campaigns/:id/results',
    page: lazy(() => import('../app/routes/campaign-results')),
    roles: [ADMIN, ...BRAND_ROLES],
    title: 'Campaign results',
  },
  {
    path: '/creator-network',
    page: lazy(() => import('../app/routes/creator-network')),
    roles: BRAND_ROLES, // a BRAND_VIEWER reads the network; only editors add creators to campaigns
    title: 'Creators',
    nav: { label: 'Creators', icon: 'users' },
  },
  {
    path: '/creator-network/:id',
    page: lazy(() => import('../app/routes/creator-profile')),
    roles: BRAND_ROLES,
    title: 'Creator profile',
  },
  { path: '/offers', page: lazy(() => import('../app/routes/offers')), roles: [ADMIN], title: 'Campaigns', nav: { label: 'Campaigns', icon: 'megaphone' } },
  {
    path: '/my-offers',
    page: lazy(() => import('../app/routes/my-offers')),
    roles: [USER],
    title: 'Offers',
    subtitle: 'Offers from brands, newest first',
    nav: { label: 'Offers', icon: 'inbox' },
  },
  {
    path: '/coach',
    page: lazy(() => import('../app/routes/coach')),
    roles: [USER],
    title: `Ask Your ${PRODUCT_NAME}`,
    nav: { label: `Ask Your ${PRODUCT_NAME}`, icon: 'chat' },
    headerMenu: lazy(() => import('../app/routes/coach-filter')),
  },
  { path: '/media-kit', page: lazy(() => import('../app/routes/media-kit')), roles: [USER], title: 'Media kit', nav: { label: 'Media kit', icon: 'grid' } },
  { path: '/account-settings/payouts', page: lazy(() => import('../app/routes/payouts')), roles: [USER], title: 'Payouts' },
  { path: '/earnings', page: lazy(() => import('../app/routes/earnings')), roles: [USER], title: 'Earnings', nav: { label: 'Earnings', icon: 'grid' } },
  { path: '/payments', page: lazy(() => import('../app/routes/brand-payments')), roles: BRAND_ROLES, title: 'Payments', nav: { label: 'Payments', icon: 'grid' } },
  { path: '/brand-kits', page: lazy(() => import('../app/routes/brand-kits')), roles: [BRAND_ADMIN], title: 'Media kits', nav: { label: 'Media kits', icon: 'grid' } },
  { path: '/admin/payments', page: lazy(() => import('../app/routes/admin-payments')), roles: [ADMIN], title: 'Payments', nav: { label: 'Payments', icon: 'inbox' } },
  {
    path: '/account-settings',
    page: lazy(() => import('../app/routes/account-settings')),
    roles: [ADMIN, BRAND_ADMIN, BRAND_MANAGER, USER],
    title: 'Account Settings',
    nav: { label: 'Settings', icon: 'gear' },
  },
  { path: '/threads/:id', page: lazy(() => import('../app/routes/thread')), roles: ALL_ROLES, title: 'Conversation' },
  { path: '/create-campaign', page: lazy(() => import('../app/routes/create-campaign')), roles: BRAND_EDITORS, title: 'Create Campaign', focus: true },
  { path: '/update-campaign/:id', page: lazy(() => import('../app/routes/update-campaign')), roles: BRAND_EDITORS, title: 'Update Campaign', focus: true },
]

/**
 * PUBLIC_ROUTES: pages anyone may open. `layout: 'auth'` puts a page in the
 * two-panel auth layout; `guestOnly` sends a signed-in visitor on to where they came from.
 */
export const PUBLIC_ROUTES = [
  { path: '/privacy-policy', page: lazy(() => import('../app/routes/privacy-policy')) },
  { path: '/terms-and-conditions', page: lazy(() => import('../app/routes/terms-and-conditions')) },
  { path: '/refund-policy', page: lazy(() => import('../app/routes/refund-policy')) },
  { path: '/delete-account', page: lazy(() => import('../app/routes/delete-account')) },
  { path: '/share/:token', page: lazy(() => import('../app/routes/shared-results')) },
  { path: '/kit/:slug', page: lazy(() => import('../app/routes/public-kit')) },
  { path: '/verify', page: lazy(() => import('../app/routes/verify')) },
  { path: '/guardian/:token', page: lazy(() => import('../app/routes/guardian')) },
  { path: '/login', page: lazy(() => import('../app/routes/login')), layout: 'auth', guestOnly: true },
  { path: '/signup', page: lazy(() => import('../app/routes/signup')), layout: 'auth' },
  { path: '/forgot-password', page: lazy(() => import('../app/routes/forgot-password')), layout: 'auth' },
  { path: '/verify-otp', page: lazy(() => import('../app/routes/verify-otp')), layout: 'auth' },
  { path: '/verify-email', page: lazy(() => import('../app/routes/verify-email')), layout: 'auth' },
  { path: '/reset-password', page: lazy(() => import('../app/routes/reset-password')), layout: 'auth' },
  { path: '/accept-invite', page: lazy(() => import('../app/routes/accept-invite')), layout: 'auth' },
  { path: '/claim/:token', page: lazy(() => import('../app/routes/claim')), layout: 'auth' },
  { path: '/unsubscribe/:token', page: lazy(() => import('../app/routes/unsubscribe')), layout: 'auth' },
]

/** findRoute returns the signed-in route entry whose path matches `pathname`, or undefined. */
export function findRoute(pathname) {
  return SIGNED_IN_ROUTES.find((r) => matchPath(r.path, pathname))
}

/** canOpen reports whether `role` may open the signed-in route entry. */
export function canOpen(role, route) {
  return Boolean(role && route && route.roles.includes(role))
}

/** navItems lists the sidebar entries `role` may open, in table order. */
export function navItems(role) {
  return SIGNED_IN_ROUTES.filter((r) => r.nav && canOpen(role, r)).map((r) => ({ to: r.path, ...r.nav }))
}
