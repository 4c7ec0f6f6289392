import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { deflateSync } from 'node:zlib'
import { launch, newPage, quietShot, expectToast, loginUi, DESKTOP, PHONE, isoIn } from './helpers.mjs'

// In the browser: a brand creates a campaign with an attachment, edits it,
// finds it in the list and on the dashboard, deletes it; a viewer cannot open the form.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`

/** tinyPng builds a valid 2×2 PNG in memory. */
function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0])
  const rows = Buffer.from([0, 91, 61, 245, 91, 61, 245, 0, 91, 61, 245, 91, 61, 245])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function fillCampaign(page, name) {
  await page.getByLabel(/^Campaign Name/).fill(name)
  await page.getByText('Brand Awareness', { exact: true }).click()
  await page.getByText('Other', { exact: true }).click()
  await page.getByLabel(/^Custom Goal/).fill('Grow the newsletter')
  await page.getByLabel(/^Budget/).fill('2500')
  await page.getByLabel(/^Location/).fill('Lisbon')
  await page.getByLabel(/^Start Date/).fill(isoIn(2))
  await page.getByLabel(/^End Date/).fill(isoIn(30))
  await page.getByLabel(/^Age From/).selectOption('18')
  await page.getByLabel(/^Age To/).selectOption('34')
  await page.getByLabel(/^Gender/).selectOption('Female')
  await page.getByText('Authentic', { exact: true }).click()
  await page.getByText('Storytelling', { exact: true }).click()
  await page.getByText('Exclusive partnership', { exact: true }).click()
  await page.getByText('30-Day Usage', { exact: true }).click()
  await page.getByLabel('Additional Instructions').fill('Show the product in daylight.')
}

test('brand: create with attachment → edit → list → dashboard → delete; screenshots', async () => {
  const page = await newPage(browser, DESKTOP)
  const name = `E2E Glow ${RUN}`
  await loginUi(page, 'brand@example.com')

  // Create: empty form, then every error, then a valid campaign with an attachment.
  await page.goto('/create-campaign')
  await page.getByRole('heading', { level: 1, name: 'Create Campaign' }).waitFor()
  assert.equal(await page.getByRole('complementary', { name: 'Sidebar' }).count(), 0)
  await quietShot(page, 'campaign-form-empty')
  await page.getByRole('button', { name: 'Publish Campaign' }).click()
  await page.getByText('Please select content usage rights').waitFor()
  await page.getByText('Campaign name is required').waitFor()
  await quietShot(page, 'campaign-form-errors')

  await fillCampaign(page, name)
  await page.getByText('0/500').waitFor({ state: 'detached' })
  await page.getByText('29/500').waitFor()
  await page.getByLabel('Brand Guidelines').setInputFiles({ name: 'mood-board.png', mimeType: 'image/png', buffer: tinyPng() })
  const fileLink = page.getByRole('link', { name: 'mood-board.png' })
  await fileLink.waitFor()
  const href = await fileLink.getAttribute('href')
  const download = await page.request.get(href)
  assert.equal(download.status(), 200)
  assert.equal(download.headers()['content-type'], 'image/png')

  await page.getByRole('button', { name: 'Publish Campaign' }).click()
  await expectToast(page, 'Campaign created successfully')
  // After Publish the campaign's page offers the next step.
  await page.waitForURL(/\/update-campaign\/[^/?]+\?next=find-creators$/)
  await page.getByRole('region', { name: 'Find creators' }).getByRole('link', { name: 'Open the creator network' }).waitFor()
  await quietShot(page, 'campaign-find-creators')
  await page.goto('/campaigns')
  const item = page.getByRole('article', { name })
  await item.getByText('Active', { exact: true }).waitFor()
  await item.getByText('$2,500').waitFor()

  // Edit: the stored values come back, the budget changes.
  await item.getByRole('link', { name: `Edit ${name}` }).click()
  await page.getByRole('heading', { level: 1, name: 'Update Campaign' }).waitFor()
  assert.equal(await page.getByLabel(/^Campaign Name/).inputValue(), name)
  assert.equal(await page.getByLabel(/^Custom Goal/).inputValue(), 'Grow the newsletter')
  assert.equal(await page.getByRole('radio', { name: '30-Day Usage' }).isChecked(), true)
  await page.getByRole('link', { name: 'mood-board.png' }).waitFor()
  await quietShot(page, 'campaign-form-update')
  await page.getByLabel(/^Budget/).fill('3000')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Campaign updated successfully')
  await page.waitForURL('**/campaigns')
  await page.getByRole('article', { name }).getByText('$3,000').waitFor()

  // Search finds it by name.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(RUN)
  await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Campaigns"] > li').length === 1)
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('')
  await page.getByRole('article', { name }).waitFor()
  await quietShot(page, 'campaigns-list')

  // Dashboard: real figures from the summary.
  await page.goto('/dashboard')
  const active = page.getByRole('region', { name: 'Active campaigns' })
  await active.waitFor()
  assert.ok(Number(await active.locator('.cc-stat-value').innerText()) >= 1)
  await page.getByRole('region', { name: 'Next campaign' }).waitFor()
  const pageText = await page.locator('main').innerText()
  assert.match(pageText, /Total budget/)
  await quietShot(page, 'dashboard-mission-control')

  // The same screens at phone size.
  const phone = await newPage(browser, PHONE)
  await loginUi(phone, 'brand@example.com')
  await quietShot(phone, 'dashboard-mission-control')
  await phone.goto('/campaigns')
  await phone.getByRole('article', { name }).waitFor()
  await quietShot(phone, 'campaigns-list')
  await phone.goto('/create-campaign')
  await phone.getByRole('heading', { level: 1, name: 'Create Campaign' }).waitFor()
  await quietShot(phone, 'campaign-form-empty')
  await phone.getByRole('button', { name: 'Publish Campaign' }).click()
  await phone.getByText('Please select content usage rights').waitFor()
  await quietShot(phone, 'campaign-form-errors')
  await phone.context().close()

  // Delete with confirmation.
  await page.goto('/campaigns')
  await page.getByRole('article', { name }).getByRole('button', { name: `Delete ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete campaign?' })
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click()
  await expectToast(page, 'Campaign deleted successfully')
  await page.getByRole('article', { name }).waitFor({ state: 'detached' })
  await page.context().close()
})

test('BRAND_VIEWER cannot open /create-campaign', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'viewer@example.com')
  await page.getByRole('region', { name: 'Active campaigns' }).waitFor()
  await page.goto('/create-campaign')
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
  assert.equal(await page.getByLabel(/^Campaign Name/).count(), 0)
  await page.context().close()
})
