/** Sidebar entries; each shows only to roles that may open its route (config/roles.js). */
export const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: 'grid' },
  { to: '/roaster', label: 'Roster', icon: 'upload' },
  { to: '/admin/creators', label: 'Creators', icon: 'users' },
  { to: '/admin/brands', label: 'Brands', icon: 'grid' },
  { to: '/campaigns', label: 'Campaigns', icon: 'megaphone' },
  { to: '/creator-network', label: 'Creators', icon: 'users' },
  { to: '/offers', label: 'Campaigns', icon: 'megaphone' },
  { to: '/account-settings', label: 'Settings', icon: 'gear' },
]

/** PAGE_TITLES: header title per route pattern. */
export function pageTitle(pathname) {
  if (pathname.startsWith('/dashboard')) return { title: 'Mission Control', subtitle: 'Your campaign performance at a glance', doc: 'Dashboard' }
  if (pathname.startsWith('/campaigns')) return { title: 'campaigns', doc: 'Campaigns' }
  if (pathname.startsWith('/create-campaign')) return { title: 'Create Campaign' }
  if (pathname.startsWith('/update-campaign')) return { title: 'Update Campaign' }
  if (pathname.startsWith('/account-settings')) return { title: 'Account Settings' }
  if (pathname.startsWith('/creator-network')) return { title: 'Creators' }
  if (pathname.startsWith('/roaster')) return { title: 'Roster' }
  if (pathname.startsWith('/offers')) return { title: 'Campaigns' }
  if (pathname.startsWith('/admin/creators')) return { title: 'Creators' }
  if (pathname.startsWith('/admin/brands')) return { title: 'Brands' }
  return { title: '' }
}

/** isFocusPage: create/update campaign pages hide the sidebar and the mobile top bar. */
export function isFocusPage(pathname) {
  return pathname.startsWith('/create-campaign') || pathname.startsWith('/update-campaign')
}
