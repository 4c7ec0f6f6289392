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
  await page.getByRole('button', { name: 'Allow' }).click()

  await page.waitForURL(/\/dashboard\?job=/)
  await card.getByText('@e2e_fit').waitFor({ timeout: 30000 })
  await card.getByText(/Last synced/).waitFor({ timeout: 30000 })
  const followers = await card.getByText('Followers', { exact: true }).locator('xpath=following-sibling::p').innerText()
  assert.match(followers, /^\d{1,3}(,\d{3})+$|^\d+$/)
  await page.locator('figure canvas').first().waitFor({ timeout: 15000 })
  await page.getByRole('img', { name: /Instagram: followers from/ }).waitFor()
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

test('demo creator starts with Instagram and YouTube connected', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'creator@example.com')
  await page.waitForURL('**/dashboard')
  for (const name of ['Instagram', 'YouTube']) {
    await page.getByRole('region', { name }).getByText('@cleo_fit').waitFor()
  }
  await page.getByRole('img', { name: /YouTube: subscribers from/ }).waitFor()
  await page.getByRole('button', { name: '90 days' }).click()
  await page.getByRole('img', { name: /YouTube: subscribers from .* over 90 days/ }).waitFor()
  await shot(page, 'social-dashboard-demo')
})
