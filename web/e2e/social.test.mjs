import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, shot, createVerifiedCreator, loginUi, expectNoA11yViolations, PHONE } from './helpers.mjs'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

test('creator connects Instagram in the sandbox → consent → the dashboard shows the figures and charts', async () => {
  const { email, password } = await createVerifiedCreator('social')
  const page = await newPage(browser)
  await loginUi(page, email, password)
  await page.waitForURL('**/dashboard')
  const card = page.getByRole('region', { name: 'Instagram' })
  await card.getByText('Not connected yet.').waitFor()
  await expectNoA11yViolations(page, 'social-dashboard-empty')

  await card.getByRole('button', { name: 'Connect Instagram' }).click()
  await page.waitForURL('**/sandbox/instagram/oauth/authorize**')
  await page.getByLabel('Sandbox handle').fill('e2e_fit')
  // The public callback connects nothing: it hands code and state to the dashboard, which finishes the link as the
  // signed-in creator (POST /api/accounts/token) and then follows the first sync.
  const handOff = page.waitForRequest((req) => req.url().endsWith('/api/accounts/token') && req.method() === 'POST')
  await page.getByRole('button', { name: 'Allow' }).click()
  const tokenCall = await handOff
  assert.equal(JSON.parse(tokenCall.postData()).platform, 'instagram')

  await page.waitForURL(/\/dashboard\?job=/)
  await card.getByText('@e2e_fit').waitFor({ timeout: 30000 })
  await card.getByText(/Last synced/).waitFor({ timeout: 30000 })
  const followers = await card.getByText('Followers', { exact: true }).locator('xpath=following-sibling::p').innerText()
  assert.match(followers, /^\d{1,3}(,\d{3})+$|^\d+$/)
  await page.locator('figure canvas').first().waitFor()
  await page.getByRole('img', { name: /Instagram: followers from .* views over \d+ days/ }).waitFor()
  const audience = page.getByRole('region', { name: 'Audience Demographics' })
  await audience.getByText('Top countries').waitFor()
  // A page loaded between the sync's snapshot and the job's end shows the figures while the job still reads as
  // running: the sync bar leaves at the job's next poll (1 s), so wait for it.
  await page.getByRole('progressbar').first().waitFor({ state: 'detached' })
  assert.equal(await page.getByRole('progressbar').count(), 0)
  await page.getByRole('button', { name: '90 days' }).click()
  await page.getByRole('img', { name: /over 90 days|over \d+ days/ }).first().waitFor()
  await expectNoA11yViolations(page, 'social-dashboard')
  await shot(page, 'social-dashboard')

  const phone = await newPage(browser, PHONE)
  await loginUi(phone, email, password)
  await phone.getByRole('region', { name: 'Instagram' }).getByText('@e2e_fit').waitFor()
  await shot(phone, 'social-dashboard-phone')
})

test('a second creator cannot connect an Instagram account another creator holds', async () => {
  const first = await createVerifiedCreator('social-first')
  const second = await createVerifiedCreator('social-second')
  for (const [who, want] of [[first, /@e2e_taken/], [second, /already connected to another profile/]]) {
    const page = await newPage(browser)
    await loginUi(page, who.email, who.password)
    await page.waitForURL('**/dashboard')
    await page.getByRole('region', { name: 'Instagram' }).getByRole('button', { name: 'Connect Instagram' }).click()
    await page.waitForURL('**/sandbox/instagram/oauth/authorize**')
    await page.getByLabel('Sandbox handle').fill('e2e_taken')
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.getByText(want).first().waitFor({ timeout: 30000 })
    await page.close()
  }
  const page = await newPage(browser)
  await loginUi(page, second.email, second.password)
  await page.getByRole('region', { name: 'Instagram' }).getByText('Not connected yet.').waitFor()
})

test('demo creator starts with Instagram and YouTube connected', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'creator@example.com')
  await page.waitForURL('**/dashboard')
  for (const name of ['Instagram', 'YouTube']) {
    await page.getByRole('region', { name }).getByText('@cleo_fit').waitFor()
  }
  await page.getByRole('img', { name: /YouTube: subscribers from .* views over \d+ days/ }).waitFor()
  await page.getByRole('button', { name: '90 days' }).click()
  await page.getByRole('img', { name: /YouTube: subscribers from .* views over 90 days/ }).waitFor()
  await shot(page, 'social-dashboard-demo')
})
