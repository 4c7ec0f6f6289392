import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, loginUi, createVerifiedCreator, expectNoA11yViolations, shot, PHONE } from './helpers.mjs'

// In the browser: the coach on a phone (five answers in a few screens, opened at the newest message with
// the question box in view, facts behind a button, answers shown as soon as they are ready), the coach for a
// creator with nothing connected and for a brand role, and "Sync now" saying what it did.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** inView reports whether the locator's box lies within the viewport, waiting up to a second for scrolling to end. */
async function inView(page, locator) {
  const { height } = page.viewportSize()
  for (let i = 0; i < 10; i++) {
    const box = await locator.boundingBox()
    if (box && box.y >= 0 && box.y + box.height <= height + 1) return true
    await page.waitForTimeout(100)
  }
  const box = await locator.boundingBox()
  console.log(`not in view: ${JSON.stringify(box)}, scrollY ${await page.evaluate(() => window.scrollY)}`)
  return false
}

test('the coach on a phone: five answers in a few screens, the newest in view, facts behind a button', async () => {
  const page = await newPage(browser, PHONE)
  await loginUi(page, 'pro@example.com') // subscribed, with 4 answered questions seeded
  await page.goto('/coach')
  await page.getByRole('heading', { level: 1, name: 'Ask Your Creator Coach' }).waitFor()
  const entries = page.locator('li.cc-chat-entry')
  await entries.nth(3).locator('.cc-answer').waitFor()
  const box = page.getByLabel('Your question')
  await page.waitForFunction(() => window.scrollY > 0)
  assert.ok(await inView(page, box), 'the question box is not in view when the chat opens')

  // A fifth answer appears without a reload: the page polls while it is pending (how fast is chatsOptions' unit
  // test; a browser test never asserts on time).
  await box.fill('Why did my views drop?')
  await page.getByRole('button', { name: 'Ask', exact: true }).click()
  await entries.nth(4).locator('.cc-answer').waitFor()
  assert.equal(await entries.count(), 5)
  assert.ok(await inView(page, page.getByLabel('Your question')), 'the question box left the view after asking')

  // Facts are collapsed behind 'Show the N facts'; five answers fit in a few screens.
  const fifth = entries.nth(4)
  const show = fifth.getByRole('button', { name: /^Show the \d+ facts?$/ })
  assert.equal(await show.getAttribute('aria-expanded'), 'false')
  assert.equal(await fifth.getByText('Facts behind this answer').isVisible(), false)
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const screens = height / PHONE.height
  console.log(`coach with 5 answers at ${PHONE.width} px: ${height} px (${screens.toFixed(1)} screens)`)
  assert.ok(height <= 4 * PHONE.height, `five answers take ${height} px (${screens.toFixed(1)} screens)`)
  await expectNoA11yViolations(page, 'coach-phone-collapsed')
  await show.click()
  await fifth.getByText('Facts behind this answer').waitFor()
  assert.equal(await fifth.getByRole('button', { name: /^Hide the \d+ facts?$/ }).getAttribute('aria-expanded'), 'true')
  await shot(page, 'coach-phone-five')
  await page.close()
})

test('the coach of a creator with nothing connected says to connect a platform first', async () => {
  const { email, password } = await createVerifiedCreator('coach-empty')
  const page = await newPage(browser)
  await loginUi(page, email, password)
  await page.goto('/coach')
  const box = page.getByRole('region', { name: 'Connect a platform first' })
  await box.waitFor()
  await expectNoA11yViolations(page, 'coach-connect-first')
  await box.getByRole('link', { name: 'Go to your dashboard' }).click()
  await page.waitForURL('**/dashboard')
  await page.close()
})

test('a brand role opening /coach asks for no social accounts', async () => {
  const page = await newPage(browser)
  const calls = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/accounts') calls.push(r.status())
  })
  await loginUi(page, 'brand@example.com')
  await page.goto('/coach')
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
  await page.waitForTimeout(500)
  assert.deepEqual(calls, [], 'GET /api/accounts was called')
  await page.close()
})

test('"Sync now" ends saying what it did', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'creator@example.com')
  const card = page.getByRole('region', { name: 'Instagram' })
  await card.getByText('@cleo_fit').waitFor()
  await card.getByRole('button', { name: 'Sync now' }).click()
  const done = page.getByRole('status').filter({ hasText: /^(Synced: \d+ new days?|Already up to date)/ })
  await done.waitFor({ timeout: 30000 })
  console.log(`sync message: ${await done.innerText()}`)
  await expectNoA11yViolations(page, 'social-sync-done')
  // The charts' axes are titled.
  await page.getByRole('img', { name: /Instagram: followers from .* views over \d+ days/ }).waitFor()
  const yt = page.getByRole('region', { name: 'YouTube' })
  const label = yt.getByText('Organic impressions (30 days)')
  assert.match(await label.locator('xpath=following-sibling::p').innerText(), /^n\/a/)
  await page.close()
})
