import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import {
  launch, newPage, shot, expectToast, readCode, uniqueEmail, createVerifiedCreator, loginUi, typeCode, DEMO_PASSWORD, PHONE,
} from './helpers.mjs'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

test('creator sign-up → e-mailed code → verify → dashboard → logout → login', async () => {
  const page = await newPage(browser)
  const email = uniqueEmail('signup')
  const password = 'E2e#Pass2026'

  await page.goto('/signup')
  await page.getByLabel(/^Full Name/).fill('E2E Creator')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByLabel(/^Confirm Password/).fill(password)
  const niche = page.getByLabel(/^Creator Niche/)
  await niche.locator('option').nth(1).waitFor({ state: 'attached' })
  const firstNiche = await niche.locator('option').nth(1).getAttribute('value')
  await niche.selectOption(firstNiche)
  await page.getByRole('checkbox').check()
  const since = Date.now()
  await page.getByRole('button', { name: 'Create Account' }).click()

  await page.waitForURL('**/verify-email')
  await expectToast(page, 'Please check your email for OTP!')
  await page.getByText(`${email.slice(0, 2)}****@example.com`).waitFor()
  assert.match(await page.getByRole('button', { name: /Resend Code/ }).innerText(), /Resend Code \(\d+s\)/)

  const code = await readCode(email, 'email_verification', since)
  await typeCode(page, code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, 'Email verified successfully!')
  await page.waitForURL('**/dashboard')
  await page.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor()

  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you leaving?' })
  await dialog.getByText('Are you sure you want to logout? All your data is saved with your account.').waitFor()
  await dialog.getByRole('button', { name: 'Yes' }).click()
  await page.waitForURL('**/login')
  await expectToast(page, 'Logged out successfully')
  assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null)

  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectToast(page, 'Login Successful')
  await page.waitForURL('**/dashboard')
  await page.context().close()
})

test('brand sign-up on a phone → e-mailed code → verify → Mission Control as BRAND_ADMIN', async () => {
  const page = await newPage(browser, PHONE)
  const email = uniqueEmail('brand')
  const password = 'E2e#Pass2026'

  await page.goto('/signup')
  await page.getByRole('tab', { name: 'Brand' }).click()
  await page.getByLabel(/^Company Name/).fill('E2E Studio')
  await page.getByLabel(/^Full Name/).fill('E2E Brand Owner')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByLabel(/^Confirm Password/).fill(password)
  await page.getByRole('checkbox').check()
  const since = Date.now()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/verify-email')
  await expectToast(page, 'Please check your email for OTP!')

  await typeCode(page, await readCode(email, 'email_verification', since))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, 'Email verified successfully!')
  await page.waitForURL('**/dashboard')
  await page.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor()
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/users/me', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } })
    return (await res.json()).data.user
  })
  assert.equal(me.role, 'BRAND_ADMIN')
  assert.equal(me.brand.name, 'E2E Studio')
  await page.context().close()
})

test('forgot password → code → verify → reset → login with the new password', async () => {
  const { email } = await createVerifiedCreator('reset')
  const page = await newPage(browser)
  await page.goto('/forgot-password')
  await page.getByLabel(/^Email/).fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expectToast(page, 'OTP has been resent to your email')
  await page.waitForURL('**/verify-otp')

  const code = await readCode(email, 'password_reset', since)
  await typeCode(page, code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, 'OTP verified successfully!')
  await page.waitForURL('**/reset-password')

  const newPassword = 'Fresh#Pass2027'
  await page.getByLabel(/^New Password/).fill(newPassword)
  await page.getByLabel(/^Confirm Password/).fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expectToast(page, 'New password set successfully')
  await page.waitForURL('**/login')

  await loginUi(page, email, newPassword)
  await page.context().close()
})

test('public account deletion → logging in again recovers the account', async () => {
  const { email, password } = await createVerifiedCreator('delete')
  const page = await newPage(browser)
  await page.goto('/delete-account')
  await page.getByLabel(/^Email/).fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await page.getByRole('button', { name: 'OTP Sent' }).waitFor()
  assert.equal(await page.getByLabel(/^Email/).getAttribute('readonly'), '')

  const code = await readCode(email, 'account_deletion', since)
  await typeCode(page, code)
  await page.getByRole('radio', { name: 'Found a better alternative' }).check()
  await page.getByRole('button', { name: 'Delete My Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Account?' })
  await dialog.getByText('Are you sure you want to permanently delete your account? This action cannot be undone.').waitFor()
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click()
  await expectToast(page, 'Your account has been successfully deleted.')
  await page.waitForURL('**/login')

  await loginUi(page, email, password)
  await page.context().close()
})

test('BRAND_VIEWER sees the 404 view on /create-campaign (they read campaigns, never create them)', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'viewer@example.com', DEMO_PASSWORD)
  await page.goto('/create-campaign')
  await page.getByText('Page Not Found').waitFor()
  await page.getByText("You don't have permission to access this page or the page doesn't exist.").waitFor()
  await shot(page, '404-viewer-campaigns')
  await page.getByRole('link', { name: 'Go to Dashboard' }).click()
  await page.waitForURL('**/dashboard')
  await page.context().close()
})

test('an anonymous visit to a guarded page returns there after log-in', async () => {
  const page = await newPage(browser)
  await page.goto('/account-settings')
  await page.waitForURL('**/login')
  await expectToast(page, 'Unauthenticated')
  await page.getByLabel(/^Email/).fill('brand@example.com')
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL('**/account-settings')
  await page.getByRole('region', { name: 'Profile' }).getByText('brand@example.com').waitFor()
  await page.context().close()
})
