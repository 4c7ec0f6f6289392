import { test, before, after } from 'node:test'
import { launch, newPage, shot, apiLogin, DESKTOP, PHONE } from './helpers.mjs'

// Every screen at 1280×800 and 390×844, saved in web/e2e/screenshots/; shot() also checks each with axe-core (WCAG 2.1 AA).

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

const PUBLIC = [
  ['login', '/login', { heading: 'Welcome back' }],
  ['signup-creator', '/signup', { heading: 'Create your account' }],
  ['forgot-password', '/forgot-password', { heading: 'Forgot password?' }],
  ['verify-email', '/verify-email', { heading: 'Verify your email', state: { email: 'john@example.com' } }],
  ['verify-otp', '/verify-otp', { heading: 'Enter verification code', state: { email: 'john@example.com' } }],
  ['reset-password', '/reset-password', { heading: 'Set a new password', state: { email: 'john@example.com', otp: '123456' } }],
  ['delete-account', '/delete-account', { heading: 'Delete your account' }],
  ['privacy-policy', '/privacy-policy', { heading: 'Privacy Policy' }],
  ['terms-and-conditions', '/terms-and-conditions', { heading: 'Terms & Conditions' }],
  ['refund-policy', '/refund-policy', { heading: 'Refund Policy' }],
]

// [name, role e-mail, path, heading]
const SIGNED_IN = [
  ['dashboard-brand-admin', 'brand@example.com', '/dashboard', 'Mission Control'],
  ['dashboard-creator', 'creator@example.com', '/dashboard', 'Mission Control'],
  ['dashboard-admin', 'admin@example.com', '/dashboard', 'Mission Control'],
  ['dashboard-brand-manager', 'manager@example.com', '/dashboard', 'Mission Control'],
  ['dashboard-brand-viewer', 'viewer@example.com', '/dashboard', 'Mission Control'],
  ['campaigns', 'manager@example.com', '/campaigns', 'campaigns'],
  ['create-campaign', 'brand@example.com', '/create-campaign', 'Create Campaign'],
  ['update-campaign', 'brand@example.com', '/update-campaign/example', 'Update Campaign'],
  ['creator-network', 'brand@example.com', '/creator-network', 'Creators'],
  ['roster', 'admin@example.com', '/roaster', 'Roster'],
  ['offers', 'admin@example.com', '/offers', 'Campaigns'],
  ['account-settings', 'brand@example.com', '/account-settings', 'Account Settings'],
  ['account-settings-creator', 'creator@example.com', '/account-settings', 'Account Settings'],
  ['account-settings-admin', 'admin@example.com', '/account-settings', 'Account Settings'],
  ['account-settings-manager', 'manager@example.com', '/account-settings', 'Account Settings'],
  ['404-viewer', 'viewer@example.com', '/create-campaign', 'Page Not Found'],
]

async function openWithState(page, path, state) {
  if (state) {
    await page.goto('/login')
    // react-router keeps location.state in history.state.usr; a reload keeps it.
    await page.evaluate(
      ([p, s]) => window.history.replaceState({ usr: s, key: 'e2e', idx: 0 }, '', p),
      [path, state],
    )
    await page.reload()
  } else {
    await page.goto(path)
  }
}

async function signedInPage(viewport, email) {
  const tokens = await apiLogin(email)
  const page = await newPage(browser, viewport)
  await page.goto('/privacy-policy')
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('access_token', accessToken)
    localStorage.setItem('refresh_token', refreshToken)
  }, tokens)
  return page
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`public screens (${label})`, async () => {
    const page = await newPage(browser, viewport)
    for (const [name, path, { heading, state }] of PUBLIC) {
      await openWithState(page, path, state)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await shot(page, name)
    }
    await page.goto('/signup')
    await page.getByRole('tab', { name: 'Brand' }).click()
    await page.getByLabel(/^Company Name/).waitFor()
    await shot(page, 'signup-brand')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await shot(page, 'signup-brand-errors')
    await page.goto('/login')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Email is required').waitFor()
    await shot(page, 'login-errors')
    await page.goto('/delete-account')
    await page.getByRole('button', { name: 'Delete My Account' }).click()
    await page.getByText('Please select a reason for deleting your account').waitFor()
    await shot(page, 'delete-account-errors')
    await page.context().close()
  })

  test(`signed-in screens (${label})`, async () => {
    // Two screens at a time: each has its own browser context, and none changes data.
    const queue = [...SIGNED_IN]
    const one = async ([name, email, path, heading]) => {
      const page = await signedInPage(viewport, email)
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
      // first(): with several sections loading, a strict locator throws at once (swallowed below) instead of waiting.
      await page.locator('.cc-main .spinner-border').first().waitFor({ state: 'detached' }).catch(() => {})
      await shot(page, name)
      if (name === 'dashboard-brand-admin') {
        if (viewport === PHONE) {
          await page.getByRole('button', { name: 'Open menu' }).click()
          await page.getByRole('dialog', { name: 'Menu' }).waitFor()
          await shot(page, 'drawer')
          await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click()
        } else {
          await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click()
        }
        await page.getByRole('dialog', { name: 'Are you leaving?' }).waitFor()
        await shot(page, 'logout-dialog')
      }
      await page.context().close()
    }
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await one(next)
    }
    await Promise.all([worker(), worker()])
  })
}
