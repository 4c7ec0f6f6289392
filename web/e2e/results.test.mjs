import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { launch, newPage, quietShot, expectToast, expectNoA11yViolations, loginUi, apiLogin, api, sendWaitingOffer, PHONE, searchList } from './helpers.mjs'

// In the browser, on the seeded demo: brand@'s completed "Autumn Lookbook" has measured results from
// at least ten creators and a live share link. The results tab (totals with their basis, the chart with its table,
// the creators with their posts), Export CSV and PDF, the share dialog (a new link replaces the live one), the
// public page logged out (fees hidden) and the expired page, and Mission Control's performance. Every screen is
// photographed and passes axe-core (WCAG 2.1 AA) at 1440 and 390 px.

const WIDE = { width: 1440, height: 900 }
const CAMPAIGN = 'Autumn Lookbook'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** openResults signs brand@ in and opens the campaign's results: from the campaign list when wide, by its address on a phone. */
async function openResults(viewport) {
  const page = await newPage(browser, viewport)
  await loginUi(page, 'brand@example.com')
  await page.goto('/campaigns')
  await searchList(page, 'Search campaigns', CAMPAIGN, '.cc-campaign-item')
  await page.getByRole('link', { name: `Results of ${CAMPAIGN}` }).click()
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/results$/)
  await page.getByRole('heading', { level: 2, name: CAMPAIGN }).waitFor()
  return page
}

/** creatorRows are the body rows of the per-creator table. */
const creatorRows = (page) => page.getByRole('region', { name: 'Creators' }).locator('tbody tr')

test("the results tab shows Autumn Lookbook's measured results with their basis, chart and creators", async () => {
  for (const viewport of [WIDE, PHONE]) {
    const page = await openResults(viewport)
    await page.getByRole('heading', { level: 1, name: 'Campaign results' }).waitFor()
    const card = (name) => page.getByRole('region', { name, exact: true })
    await card('Views').getByText('Measured').waitFor()
    assert.match(await card('Views').textContent(), /\d/)
    // The glossary's names: engagement per view (per views), never "engagement rate" (per follower) on results.
    await card('Engagement per view').getByText('Derived').waitFor()
    await card('Engagement per view').getByText(/= \(likes \+ comments \+ shares\) \/ views × 100/).waitFor()
    assert.equal(await card('Engagement rate').count(), 0)
    for (const name of ['Posts', 'Creators live', 'Likes', 'Comments', 'Shares', 'Reach', 'Engagements', 'Spend', 'CPM', 'CPE', 'Cost per view']) await card(name).waitFor()
    // Money to the cent, as the CSV and the PDF write it.
    assert.match(await card('Spend').textContent(), /\$[\d,]+\.\d{2}/)
    await page.getByText(/^As of /).waitFor()
    // A figure no platform reports says n/a with why, never 0.
    for (const name of ['Reach', 'Shares']) {
      const text = await card(name).textContent()
      if (text.includes('n/a')) assert.doesNotMatch(text, /(^|\D)0(\D|$)/, `${name}: ${text}`)
    }

    const chart = page.getByRole('region', { name: 'Views and engagements to date' })
    await chart.locator('canvas').first().waitFor()
    assert.match(await chart.getByRole('img').getAttribute('aria-label'), /^Views to date rose from/)
    await chart.getByText('Daily figures as a table').click()
    assert.ok((await chart.getByRole('region', { name: 'Daily figures' }).locator('tbody tr').count()) >= 1)

    assert.ok((await creatorRows(page).count()) >= 10, 'fewer than ten creators')
    const firstPost = creatorRows(page).first().getByRole('link', { name: /post of/ }).first()
    assert.match(await firstPost.getAttribute('href'), /^https?:\/\//)
    await page.getByText(/^Link live until /).waitFor() // the seeded share link
    await quietShot(page, 'results')
    await page.context().close()
  }
})

test('Export CSV and Export PDF download the results', async () => {
  const page = await openResults(WIDE)
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  assert.equal(csv.suggestedFilename(), 'autumn-lookbook-results.csv')
  const rows = readFileSync(await csv.path(), 'utf8').trim().split(/\r?\n/)
  assert.match(rows[0], /^row,creator,handle,platform/)
  assert.match(rows[1], /^campaign,Autumn Lookbook,/) // the campaign's totals and the time they are as of
  assert.ok(rows.length >= 11, `the CSV has ${rows.length} lines`)

  await page.getByRole('button', { name: 'Export PDF' }).click()
  const download = page.getByRole('link', { name: 'Download PDF' })
  await download.waitFor({ timeout: 30000 })
  await quietShot(page, 'results-pdf-ready')
  const [pdf] = await Promise.all([page.waitForEvent('download'), download.click()])
  assert.match(pdf.suggestedFilename(), /\.pdf$/)
  assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-')
  await page.context().close()
})

test('a new share link replaces the live one, opens logged out without fees, and the old one says it has expired', async () => {
  const page = await openResults(WIDE)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const makeLink = async (shotName) => {
    await page.getByRole('button', { name: 'Share results' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share results' })
    await dialog.getByText(/^A link is live until/).waitFor()
    await dialog.getByText('Creating a new link replaces the live one: the old link stops working.').waitFor()
    await dialog.getByLabel('Expires after (days)').fill('7')
    if (shotName) await quietShot(page, shotName)
    await dialog.getByRole('button', { name: 'Create new link' }).click()
    const url = await dialog.getByLabel('Share link', { exact: true }).inputValue()
    assert.match(url, /\/share\/[A-Za-z0-9_-]{40,}$/)
    await dialog.getByRole('button', { name: 'Copy' }).click()
    await dialog.getByRole('button', { name: 'Copied' }).waitFor()
    await dialog.getByText(/Shown only now/).waitFor()
    if (shotName) await quietShot(page, `${shotName}-created`)
    await dialog.getByRole('button', { name: 'Done' }).click()
    return new URL(url).pathname
  }
  const first = await makeLink('results-share')

  for (const viewport of [WIDE, PHONE]) {
    const visitor = await newPage(browser, viewport) // a fresh context: logged out
    await visitor.goto(first)
    await visitor.getByRole('heading', { level: 1, name: CAMPAIGN }).waitFor()
    await visitor.getByText(/fees are not shown/).waitFor()
    await visitor.getByRole('region', { name: 'Spend', exact: true }).getByText('Hidden by the brand').first().waitFor()
    assert.equal(await visitor.getByRole('columnheader', { name: 'Fee' }).count(), 0)
    assert.ok((await creatorRows(visitor).count()) >= 10)
    assert.equal(await visitor.getByRole('navigation').count(), 0) // no sidebar
    assert.equal(await visitor.getByRole('button', { name: /Export|Share/ }).count(), 0)
    await quietShot(visitor, 'shared-results')
    await visitor.context().close()
  }

  await makeLink(null) // replaces the first link
  const visitor = await newPage(browser, PHONE)
  await visitor.goto(first)
  await visitor.getByRole('heading', { level: 1, name: 'This share link has expired or was revoked' }).waitFor()
  await quietShot(visitor, 'shared-expired')
  await visitor.context().close()
  await page.context().close()
})

test('revoking a link closes it at once', async () => {
  const page = await openResults(WIDE)
  await page.getByRole('button', { name: 'Share results' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share results' })
  await dialog.getByRole('button', { name: /^Create (new )?link$/ }).click()
  const path = new URL(await dialog.getByLabel('Share link', { exact: true }).inputValue()).pathname
  await dialog.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('button', { name: 'Share results' }).click()
  await dialog.getByRole('button', { name: 'Revoke link' }).click()
  await dialog.getByRole('button', { name: 'Yes, revoke' }).click()
  await expectToast(page, 'Share link revoked')
  await dialog.getByText(/^No link is live/).waitFor()
  await expectNoA11yViolations(page, 'results-share-revoked')
  // Leave the demo as seeded: a live link.
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await dialog.getByLabel('Share link', { exact: true }).waitFor()
  const visitor = await newPage(browser, WIDE)
  await visitor.goto(path)
  await visitor.getByRole('heading', { level: 1, name: 'This share link has expired or was revoked' }).waitFor()
  await quietShot(visitor, 'shared-expired')
  await visitor.context().close()
  await page.context().close()
})

test("Mission Control shows the brand's performance and the counters waiting on it", async () => {
  // A counter of its own waiting on brand@: other browser tests on the same data answer the seeded ones.
  const entryId = await sendWaitingOffer(`Counter ${Date.now().toString(36)}`, 'Cleo Creator', 500)
  const { accessToken } = await apiLogin('creator@example.com')
  await api('POST', `offers/${entryId}/counter`, accessToken, { amount: 650 })
  for (const viewport of [WIDE, PHONE]) {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'brand@example.com')
    const perf = page.getByRole('region', { name: /^Performance in / })
    await perf.waitFor()
    for (const name of ['Views', 'Engagements', 'Engagement per view']) await perf.getByRole('region', { name, exact: true }).waitFor()
    await page.getByRole('region', { name: 'Paid usage ending soon' }).waitFor()
    await perf.getByRole('progressbar', { name: 'Spend of budget' }).waitFor()
    await perf.getByRole('region', { name: 'Top posts' }).waitFor()
    const waiting = perf.getByRole('region', { name: /^Waiting on you/ })
    const answer = waiting.getByRole('link', { name: /^Answer .+'s counter on / }).first()
    await answer.waitFor()
    await quietShot(page, 'mission-control-performance')
    if (viewport === WIDE) {
      await answer.click()
      await page.waitForURL(/\/update-campaign\/[0-9a-f-]{36}(#counter-[0-9a-f-]{36})?$/)
      await page.getByRole('region', { name: 'Roster' }).getByRole('group', { name: /^Counter from / }).first().waitFor()
    }
    await page.context().close()
  }
})
