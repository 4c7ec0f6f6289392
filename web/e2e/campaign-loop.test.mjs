import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch, newPage, quietShot, expectToast, loginUi, apiLogin, signAgreement, PHONE, isoIn, api, openRoster } from './helpers.mjs'

// The whole campaign loop in the browser: brand@ adds the demo creator (Cleo Creator, creator@, Instagram
// connected to the sandbox as cleo_fit) to a new campaign from her profile, sends the offer from the roster and signs
// it → creator@ counters on Offers → brand@ accepts the counter by signing it → creator@ signs → the sandbox publishes a post carrying the campaign's
// tag inside its dates (POST /sandbox/instagram/posts) → creator@ syncs → the results tab shows the post → CSV and
// PDF download → the share link opens logged out. Screens are photographed and pass axe-core (WCAG 2.1 AA).

const WIDE = { width: 1440, height: 900 }
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Loop ${RUN}`
const CREATOR = 'Cleo Creator'
const HANDLE = 'cleo_fit'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** createCampaign makes an active campaign for brand@ that starts tomorrow (start dates must be after today). */
async function createCampaign(token) {
  const body = {
    campaignName: CAMPAIGN, goals: ['Brand awareness'], budget: 5000,
    duration: { startDate: isoIn(1), endDate: isoIn(31) }, location: '',
    demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' }, contentVibes: ['Authentic'],
    terms: { exclusivity: 'no_exclusivity', contentUsage: 'organic_only' }, status: 'active',
  }
  return (await api('POST', '/api/campaigns/add-campaign', token, body)).data.campaign._id
}

test('brand adds a creator and sends the offer, the creator counters, the brand accepts, the tagged post shows in the results, exports and a share link', async () => {
  const { accessToken: brandToken } = await apiLogin('brand@example.com')
  const campaignId = await createCampaign(brandToken)

  // 1. The brand adds Cleo from her profile and sends the offer from the roster.
  const brand = await newPage(browser, WIDE)
  await loginUi(brand, 'brand@example.com')
  await brand.goto('/creator-network')
  await brand.getByLabel('Search creators').fill(CREATOR)
  await brand.getByRole('link', { name: CREATOR }).first().click()
  await brand.getByRole('heading', { level: 2, name: CREATOR }).waitFor()
  await brand.getByLabel('Campaign', { exact: true }).selectOption({ label: `${CAMPAIGN} (active)` })
  await brand.getByRole('button', { name: 'Add to campaign' }).click()
  await brand.getByRole('status').filter({ hasText: `joined ${CAMPAIGN}'s roster as a draft offer` }).waitFor()
  const roster = await openRoster(brand, CAMPAIGN)
  await roster.getByRole('button', { name: `Send offer to ${CREATOR}` }).click()
  const send = brand.getByRole('dialog', { name: 'Send this offer?' })
  await send.waitFor()
  await quietShot(brand, 'loop-send-offer')
  await send.getByRole('button', { name: 'Send offer' }).click()
  await expectToast(brand, `sent to ${CREATOR}`)
  await signAgreement(brand, roster.getByRole('group', { name: `Agreement with ${CREATOR}` }), 'brand@example.com', 'Bea Brand')

  // 2. The creator counters on Offers.
  const creator = await newPage(browser, PHONE)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${CAMPAIGN}` })
  await card.getByText('Waiting for you', { exact: true }).waitFor()
  await card.getByRole('button', { name: 'Counter' }).click()
  await card.getByLabel('Your amount (USD)').fill('1234')
  await card.getByRole('button', { name: 'Review counter' }).click()
  const counter = creator.getByRole('dialog', { name: 'Send this counter?' })
  await counter.getByRole('button', { name: 'Send counter' }).click()
  await expectToast(creator, 'Counter sent')
  await card.getByText('Countered', { exact: true }).waitFor()

  // 3. The brand accepts the counter by signing it; the creator signs too.
  const roster2 = await openRoster(brand, CAMPAIGN)
  const ask = roster2.getByRole('group', { name: `Counter from ${CREATOR}` })
  await ask.getByText('$1,234').waitFor()
  await ask.getByRole('button', { name: 'Accept counter' }).click()
  await signAgreement(brand, roster2.getByRole('group', { name: `Agreement with ${CREATOR}` }), 'brand@example.com', 'Bea Brand')
  await creator.reload()
  await card.getByRole('button', { name: 'View agreement' }).click()
  await signAgreement(creator, card, 'creator@example.com', 'Cleo Creator')
  await card.getByText('Accepted', { exact: true }).waitFor()

  // 4. The sandbox publishes a post carrying the campaign's tag inside its dates; the creator syncs.
  const before = (await api('GET', `/api/campaigns/${campaignId}/results`, brandToken)).data.results
  const tag = before.campaign.trackingTag
  assert.ok(tag, 'the campaign has no tracking tag')
  const post = await api('POST', '/sandbox/instagram/posts', null, { handle: HANDLE, caption: `New season, new fits ✨ #${tag}`, publishedAt: `${isoIn(1)}T12:00:00Z` })
  await creator.goto('/dashboard')
  const instagram = creator.getByRole('region', { name: 'Instagram' })
  await instagram.getByRole('button', { name: 'Sync now' }).click()
  let captured = null
  for (let i = 0; i < 60 && !captured; i++) {
    const r = (await api('GET', `/api/campaigns/${campaignId}/results`, brandToken)).data.results
    captured = r.creators.find((c) => c.name === CREATOR)?.posts.find((p) => p.url === post.url) ?? null
    if (!captured) await sleep(500)
  }
  assert.ok(captured, `the sync did not capture ${post.url}`)
  await creator.context().close()

  // 5. The results tab shows the post; CSV and PDF download.
  await brand.goto(`/campaigns/${campaignId}/results`)
  await brand.getByRole('heading', { level: 2, name: CAMPAIGN }).waitFor()
  const row = brand.getByRole('region', { name: 'Creators' }).locator('tbody tr').filter({ hasText: CREATOR })
  assert.equal(await row.getByRole('link', { name: new RegExp(`^Post 1 ?: ${CREATOR}'s Instagram post of`) }).getAttribute('href'), post.url)
  await brand.getByRole('region', { name: 'Posts', exact: true }).getByText('1').first().waitFor()
  await quietShot(brand, 'loop-results')
  const [csv] = await Promise.all([brand.waitForEvent('download'), brand.getByRole('button', { name: 'Export CSV' }).click()])
  assert.ok(readFileSync(await csv.path(), 'utf8').includes(post.url), 'the CSV does not list the post')
  await brand.getByRole('button', { name: 'Export PDF' }).click()
  const pdfLink = brand.getByRole('link', { name: 'Download PDF' })
  await pdfLink.waitFor({ timeout: 30000 })
  const [pdf] = await Promise.all([brand.waitForEvent('download'), pdfLink.click()])
  assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-')

  // 6. The share link opens logged out.
  await brand.getByRole('button', { name: 'Share results' }).click()
  const dialog = brand.getByRole('dialog', { name: 'Share results' })
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const url = await dialog.getByLabel('Share link', { exact: true }).inputValue()
  await brand.context().close()
  const visitor = await newPage(browser, PHONE)
  await visitor.goto(new URL(url).pathname)
  await visitor.getByRole('heading', { level: 1, name: CAMPAIGN }).waitFor()
  const shared = visitor.getByRole('region', { name: 'Creators' }).locator('tbody tr').filter({ hasText: CREATOR })
  assert.equal(await shared.getByRole('link', { name: /post of/ }).getAttribute('href'), post.url)
  await quietShot(visitor, 'loop-shared')
  await visitor.context().close()
})
