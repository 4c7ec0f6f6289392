import { describe, it, expect, beforeEach } from 'vitest'
import { screen } from '@testing-library/react'
import { renderApp, signIn } from '../../app/__tests__/render-app'
import { resetAuthStore } from '../../lib/auth-store'
import { ALL_ROLES } from '../roles'
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, canOpen, findRoute, navItems } from '../routes'

const ROLES = ['USER', 'ADMIN', 'BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']

// Who may open each signed-in page, written out independently of config/routes.js:
// route → [path to visit, header title, roles allowed].
const ROLE_TABLE = [
  ['/dashboard', '/dashboard', 'Mission Control', ROLES],
  // a BRAND_VIEWER reads the list and each campaign's results, read-only.
  ['/campaigns', '/campaigns', 'campaigns', ['BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']],
  ['/create-campaign', '/create-campaign', 'Create Campaign', ['BRAND_ADMIN', 'BRAND_MANAGER']],
  ['/update-campaign/:id', '/update-campaign/abc123', 'Update Campaign', ['BRAND_ADMIN', 'BRAND_MANAGER']],
  ['/creator-network', '/creator-network', 'Creators', ['BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']],
  // a creator's profile, opened from the network.
  ['/creator-network/:id', '/creator-network/abc123', 'Creator profile', ['BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']],
  ['/roaster', '/roaster', 'Roster', ['ADMIN']],
  ['/offers', '/offers', 'Campaigns', ['ADMIN']],
  ['/admin/creators', '/admin/creators', 'Creators', ['ADMIN']],
  ['/admin/brands', '/admin/brands', 'Brands', ['ADMIN']],
  // the addresses never invited again.
  ['/admin/suppressions', '/admin/suppressions', 'Suppression list', ['ADMIN']],
  ['/account-settings', '/account-settings', 'Account Settings', ['ADMIN', 'BRAND_ADMIN', 'BRAND_MANAGER', 'USER']],
  // The creators' coaching chat, 'Ask Your {product}'.
  ['/coach', '/coach', 'Ask Your Creator Coach', ['USER']],
  // the creator's offers (the administrator's page is /offers).
  ['/my-offers', '/my-offers', 'Offers', ['USER']],
  // the creator's public media kit settings.
  ['/media-kit', '/media-kit', 'Media kit', ['USER']],
  // a campaign's measured results, for its brand's staff and the administrator.
  ['/campaigns/:id/results', '/campaigns/abc123/results', 'Campaign results', ['ADMIN', 'BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']],
  // the creator's payout account, and what they earned.
  ['/account-settings/payouts', '/account-settings/payouts', 'Payouts', ['USER']],
  ['/earnings', '/earnings', 'Earnings', ['USER']],
  // the brand's cards, limit and spend (a BRAND_VIEWER reads them), and the administrator's payments board.
  ['/payments', '/payments', 'Payments', ['BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER']],
  ['/admin/payments', '/admin/payments', 'Payments', ['ADMIN']],
  // the creators' kits that show the brand's campaigns, and the brand's consent to be named in them.
  ['/brand-kits', '/brand-kits', 'Media kits', ['BRAND_ADMIN']],
  // one conversation per offer, for both sides and the administrator.
  ['/threads/:id', '/threads/abc123', 'Conversation', ROLES],
]

const CASES = ROLE_TABLE.flatMap(([, visit, title, allowed]) => ROLES.map((role) => [visit, role, allowed.includes(role), title]))

describe('route table', () => {
  it('holds exactly the signed-in routes of the role table, with their roles and titles', () => {
    expect(SIGNED_IN_ROUTES.map((r) => r.path).sort()).toEqual(ROLE_TABLE.map(([p]) => p).sort())
    for (const [path, visit, title, allowed] of ROLE_TABLE) {
      const route = findRoute(visit)
      expect(route?.path).toBe(path)
      expect(route.title).toBe(title)
      expect([...route.roles].sort()).toEqual([...allowed].sort())
      expect(typeof route.page).toBe('object') // a React.lazy component
    }
  })

  it.each(CASES)('canOpen %s as %s is %s', (visit, role, allowed) => {
    expect(canOpen(role, findRoute(visit))).toBe(allowed)
  })

  it('only knows the five roles, and nobody without a role opens anything', () => {
    for (const route of SIGNED_IN_ROUTES) {
      expect(route.roles.every((r) => ALL_ROLES.includes(r))).toBe(true)
      expect(canOpen(null, route)).toBe(false)
    }
    expect(findRoute('/no-such-page')).toBeUndefined()
  })

  it('marks only the create and update campaign pages as focus pages', () => {
    expect(SIGNED_IN_ROUTES.filter((r) => r.focus).map((r) => r.path)).toEqual(['/create-campaign', '/update-campaign/:id'])
  })

  it('gives the sidebar the product labels in order, filtered by role', () => {
    expect(navItems('BRAND_MANAGER').map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Campaigns', '/campaigns'],
      ['Creators', '/creator-network'],
      ['Payments', '/payments'],
      ['Settings', '/account-settings'],
    ])
    expect(navItems('USER').map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Offers', '/my-offers'],
      ['Ask Your Creator Coach', '/coach'],
      ['Media kit', '/media-kit'],
      ['Earnings', '/earnings'],
      ['Settings', '/account-settings'],
    ])
    expect(navItems(null)).toEqual([])
  })

  it('lists the public and auth pages', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual([
      '/privacy-policy',
      '/terms-and-conditions',
      '/refund-policy',
      '/delete-account',
      '/share/:token',
      '/kit/:slug',
      '/verify',
      '/guardian/:token',
      '/login',
      '/signup',
      '/forgot-password',
      '/verify-otp',
      '/verify-email',
      '/reset-password',
      '/accept-invite',
      '/claim/:token',
      '/unsubscribe/:token',
    ])
    expect(PUBLIC_ROUTES.filter((r) => r.guestOnly).map((r) => r.path)).toEqual(['/login'])
  })
})

describe('role guard over the route table', () => {
  beforeEach(() => {
    localStorage.clear()
    resetAuthStore()
  })

  it.each(CASES)('%s as %s → allowed=%s', async (path, role, allowed, title) => {
    signIn(role)
    renderApp(path)
    if (allowed) {
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
      expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument()
    } else {
      expect(await screen.findByText('Page Not Found')).toBeInTheDocument()
      expect(screen.getByText('404')).toBeInTheDocument()
      expect(screen.getByText("You don't have permission to access this page or the page doesn't exist.")).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    }
    expect(await screen.findByTestId('location')).toHaveTextContent(path)
  })
})
