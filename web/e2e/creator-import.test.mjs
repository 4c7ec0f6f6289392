import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launch, newPage, quietShot, loginUi, apiLogin, DESKTOP, PHONE } from './helpers.mjs'

// In the browser: an admin uploads a roster file with some bad rows, follows the
// progress bar to 100%, reads and downloads the row errors; a brand then finds an
// imported creator in the creator network by search and tier.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const TAG = `Qa${RUN}`
const HEADER = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../ops/samples/creators.csv'), 'utf8').split(/\r?\n/)[0]
const COLUMNS = HEADER.split(',')

/** row builds a CSV line from {header: value}; the other columns stay empty. */
function row(values) {
  return COLUMNS.map((h) => {
    const v = values[h] ?? ''
    return /[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
  }).join(',')
}

function rosterCsv() {
  const good = [
    { Name: `Rosa ${TAG} One`, Email: `rosa.${RUN}@example.com`, Niche: 'Technology', Location: 'Lisbon, Portugal', 'Instagram Handle': `@rosa_${RUN}`, 'Instagram Followers': '120000', 'YouTube Handle': `rosa${RUN}`, 'YouTube Subscribers': '45,000', 'Engagement Rate': '4.2', 'Audience Male %': '30', 'Audience Female %': '68', 'Audience Other %': '2' },
    { Name: `Luis ${TAG} Two`, Email: `luis.${RUN}@example.com`, Niche: 'Fitness & Health', Location: 'Madrid, Spain', 'Instagram Handle': `@luis_${RUN}`, 'Instagram Followers': '850000', 'TikTok Handle': `luis${RUN}`, 'TikTok Followers': '1.2M', 'Engagement Rate': '6.1%' },
    { Name: `Mia ${TAG} Three`, Email: `mia.${RUN}@example.com`, Niche: 'Technology', Location: 'Berlin, Germany', 'LinkedIn Handle': `mia${RUN}`, 'LinkedIn Followers': '4,800', 'Engagement Rate': '2.5' },
  ]
  const bad = [
    { Name: `Bad ${TAG} Count`, Email: `bad1.${RUN}@example.com`, Niche: 'Technology', 'Instagram Handle': `@bad1_${RUN}`, 'Instagram Followers': 'lots' },
    { Name: `Bad ${TAG} Rate`, Email: `bad2.${RUN}@example.com`, Niche: 'Technology', 'Instagram Handle': `@bad2_${RUN}`, 'Instagram Followers': '1000', 'Engagement Rate': 'high' },
  ]
  // 40 more good rows so the job has something to count.
  const filler = Array.from({ length: 40 }, (_, i) => ({ Name: `Filler ${TAG} N${i}`, Email: `filler${i}.${RUN}@example.com`, Niche: 'Lifestyle', Location: 'Porto, Portugal', 'Instagram Handle': `@filler${i}_${RUN}`, 'Instagram Followers': String(1000 + i) }))
  return Buffer.from([HEADER, ...good, ...bad, ...filler].map((r) => (typeof r === 'string' ? r : row(r))).join('\n') + '\n')
}

async function tokenPage(viewport, email) {
  const tokens = await apiLogin(email)
  const page = await newPage(browser, viewport)
  await page.goto('/privacy-policy')
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('access_token', accessToken)
    localStorage.setItem('refresh_token', refreshToken)
  }, tokens)
  return page
}

/** uploadRosterFile picks the file, uploads it and waits for the success panel; returns the progress values seen. */
async function uploadRosterFile(page, shots) {
  const zone = page.getByRole('group', { name: 'Roster file drop zone' })
  await zone.waitFor()
  if (shots) await quietShot(page, 'roster-idle')
  // The browser refuses other types before any upload.
  await page.getByLabel('Roster file', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await page.getByText('Please select a CSV, JSON, or Excel file.', { exact: true }).waitFor()
  await page.getByLabel('Roster file', { exact: true }).setInputFiles({ name: `roster-${RUN}.csv`, mimeType: 'text/csv', buffer: rosterCsv() })
  const preview = page.getByLabel('Selected file')
  await preview.getByText(`roster-${RUN}.csv`).waitFor()
  assert.match(await preview.innerText(), /KB · CSV/)
  if (shots) await quietShot(page, 'roster-selected')
  const seen = new Set()
  const bar = page.getByRole('progressbar', { name: 'Upload progress' })
  await page.getByRole('button', { name: 'Upload File' }).click()
  const success = page.getByRole('status').filter({ hasText: /^(Upload completed successfully!|Imported [\d,]+ of [\d,]+ rows; [\d,]+ ha(s|ve) errors)/ })
  while (!(await success.isVisible())) {
    const v = await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null)
    if (v) seen.add(Number(v))
    await page.waitForTimeout(50)
  }
  assert.equal(await bar.getAttribute('aria-valuenow'), '100')
  seen.add(100)
  return [...seen]
}

test('admin uploads a roster file with bad rows, sees progress, result and row errors; brand finds a creator', async () => {
  const page = await newPage(browser, DESKTOP)
  await loginUi(page, 'admin@example.com')
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Roster' }).click()
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor()
  const seen = await uploadRosterFile(page, true)
  console.log(`progress values seen: ${seen.sort((a, b) => a - b).join(', ')}`)

  const status = page.getByRole('status').filter({ hasText: 'Imported 43 of 45 rows; 2 have errors' })
  assert.match(await status.getAttribute('class'), /alert-warning/)
  assert.equal(await status.locator('dt:text-is("Imported") + dd').innerText(), '43')
  assert.equal(await status.locator('dt:text-is("Failed") + dd').innerText(), '2')

  const table = page.getByRole('region', { name: 'Row errors' }).getByRole('table')
  await table.waitFor()
  const cells = await table.locator('tbody tr').allInnerTexts()
  assert.equal(cells.length, 2, cells.join('\n'))
  assert.match(cells[0], /^5\tInstagram Followers\tMust be a whole number/)
  assert.match(cells[1], /^6\tEngagement Rate\tMust be a number/)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download errors (CSV)' }).click()])
  assert.match(download.suggestedFilename(), /^roster-errors-.+\.csv$/)
  const csv = readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/)
  assert.equal(csv[0], 'row,column,message')
  assert.equal(csv.length, 3)

  await page.getByRole('heading', { name: 'Recent imports' }).waitFor()
  await page.getByRole('table').last().getByText('Succeeded').first().waitFor()
  await quietShot(page, 'roster-done')

  // The admin lists find the imported creators; brands are listed too.
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Creators' }).click()
  await page.getByRole('heading', { level: 1, name: 'Creators' }).waitFor()
  await page.getByRole('searchbox', { name: 'Search creators' }).fill(`${TAG} One`)
  await page.getByRole('table', { name: 'Creators' }).getByText(`Rosa ${TAG} One`).waitFor()
  await page.getByText('1 creator', { exact: true }).waitFor()
  assert.equal(await page.getByRole('table', { name: 'Creators' }).locator('tbody tr').count(), 1)
  await page.getByRole('searchbox', { name: 'Search creators' }).fill(TAG)
  await page.getByText('43 creators').waitFor()
  await quietShot(page, 'admin-creators')
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Brands' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor()
  await page.getByRole('table', { name: 'Brands' }).locator('tbody tr').first().waitFor()
  await quietShot(page, 'admin-brands')
  await page.context().close()

  // A brand finds the Mid-tier creator by the unique name and the tier.
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  await brand.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Creators' }).click()
  await brand.getByRole('heading', { level: 1, name: 'Creators' }).waitFor()
  await brand.getByLabel('Search creators').fill(TAG)
  await brand.getByText('43 creators').waitFor()
  await brand.getByLabel('Tier').selectOption('Mid')
  const card = brand.getByRole('article', { name: `Rosa ${TAG} One` })
  await card.waitFor()
  await brand.getByText('1 creator', { exact: true }).waitFor()
  assert.equal(await brand.getByRole('article').count(), 1)
  const text = await card.innerText()
  assert.match(text, /Mid/)
  assert.match(text, /Technology · Lisbon, Portugal/)
  assert.match(text, /Instagram\s+120K/)
  assert.match(text, /YouTube\s+45K/)
  assert.match(text, /4\.2%/)
  assert.match(text, /68% female/)
  await brand.getByLabel('Tier').selectOption('Macro')
  await brand.getByRole('article', { name: `Luis ${TAG} Two` }).waitFor()
  await brand.getByLabel('Tier').selectOption('')
  await brand.getByLabel('Search creators').fill(`${TAG} Three`)
  await brand.getByRole('article', { name: `Mia ${TAG} Three` }).waitFor()
  await brand.getByLabel('Search creators').fill(TAG)
  await brand.getByText('43 creators').waitFor()
  await quietShot(brand, 'creator-network-results')
  await brand.getByLabel('Search creators').fill(`nobody${RUN}`)
  await brand.getByText('No creators match your filters').waitFor()
  await quietShot(brand, 'creator-network-empty')
  await brand.context().close()
})

test('phone screenshots: roster, admin lists, creator network', async () => {
  const page = await tokenPage(PHONE, 'admin@example.com')
  await page.goto('/roaster')
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor()
  await uploadRosterFile(page, true)
  await page.getByRole('region', { name: 'Row errors' }).getByRole('table').waitFor()
  await quietShot(page, 'roster-done')
  await page.goto('/admin/creators')
  await page.getByRole('searchbox', { name: 'Search creators' }).fill(TAG)
  await page.getByText('43 creators').waitFor()
  await quietShot(page, 'admin-creators')
  await page.goto('/admin/brands')
  await page.getByRole('table', { name: 'Brands' }).locator('tbody tr').first().waitFor()
  await quietShot(page, 'admin-brands')
  await page.context().close()

  const brand = await tokenPage(PHONE, 'brand@example.com')
  await brand.goto('/creator-network')
  await brand.getByLabel('Search creators').fill(TAG)
  await brand.getByText('43 creators').waitFor()
  await quietShot(brand, 'creator-network-results')
  await brand.getByRole('button', { name: 'Filters', exact: true }).click()
  await brand.getByLabel('Tier').selectOption('Macro')
  await brand.getByRole('article', { name: `Luis ${TAG} Two` }).waitFor()
  await quietShot(brand, 'creator-network-filters')
  await brand.context().close()
})
