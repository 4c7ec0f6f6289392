import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, loginUi, apiLogin, api, shot, BASE_URL, PHONE, isoIn } from './helpers.mjs'

// In the browser: brand@ opens a creator from the network
// (the seed's Cleo Creator, linked to creator@ with Instagram and YouTube
// connected), sees every figure's basis and the Verified badges, adds her to
// a draft campaign (the budget bar shows the fee), gets the 409 message on a
// second add, and a reload of the network keeps its filters. Every screen
// is photographed and passes axe-core (shot) at 1440 and 390 px.

const WIDE = { width: 1440, height: 900 }
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Profile ${RUN}`

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** createCampaign makes a draft campaign for brand@ through the API. */
async function createCampaign(token) {
  const body = {
    campaignName: CAMPAIGN, goals: ['Brand awareness'], budget: 3000,
    duration: { startDate: isoIn(7), endDate: isoIn(37) }, location: '',
    demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' }, contentVibes: ['Authentic'],
    terms: { exclusivity: 'no_exclusivity', contentUsage: 'organic_only' }, status: 'draft',
  }
  const res = await fetch(`${BASE_URL}/api/campaigns/add-campaign`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  assert.equal(res.status, 201, await res.clone().text())
  return (await res.json()).data.campaign._id
}

test('brand@ opens a verified creator from the network and adds her to a campaign', async () => {
  const { accessToken } = await apiLogin('brand@example.com')
  await createCampaign(accessToken)
  const page = await newPage(browser, WIDE)
  await loginUi(page, 'brand@example.com')
  await page.goto('/creator-network')
  await page.getByLabel('Search creators').fill('Cleo Creator')
  const card = page.getByRole('article', { name: 'Cleo Creator' })
  await card.waitFor()
  // The card's audience says its basis, in the words the profile uses below.
  const measuredLine = await card.locator('.cc-creator-audience-basis').textContent()
  assert.match(measuredLine, /^Measured from Instagram/)
  await shot(page, 'creator-network')
  await page.getByRole('link', { name: 'Cleo Creator' }).click()
  await page.waitForURL(/\/creator-network\/[0-9a-f-]{36}$/)
  await page.getByRole('heading', { level: 2, name: 'Cleo Creator' }).waitFor()

  const platforms = page.getByRole('region', { name: 'Platforms' }).getByRole('listitem')
  const instagram = platforms.filter({ hasText: 'Instagram' })
  await instagram.getByText('Measured').waitFor()
  await instagram.getByText('Verified').waitFor()
  const tiktok = platforms.filter({ hasText: 'TikTok' })
  await tiktok.getByText('Imported').waitFor()
  assert.equal(await tiktok.getByText('Verified').count(), 0)
  await page.getByText('Estimated', { exact: true }).first().waitFor()
  await page.getByRole('region', { name: 'Audience' }).getByText(measuredLine, { exact: true }).waitFor()
  await page.getByRole('region', { name: '90-day trends' }).locator('figure').first().waitFor()
  await shot(page, 'creator-profile')

  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: `${CAMPAIGN} (draft)` })
  await page.getByRole('region', { name: 'Budget' }).waitFor()
  assert.match(await page.getByTestId('agreed-total').textContent(), /\$0/) // a new campaign: nothing agreed, drafts never committed
  await shot(page, 'creator-profile-campaign-picked')
  await page.getByRole('button', { name: 'Add to campaign' }).click()
  await page.getByRole('status').filter({ hasText: `joined ${CAMPAIGN}'s roster as a draft offer` }).waitFor()
  await page.getByRole('button', { name: 'Add to campaign' }).click()
  await page.getByRole('alert').filter({ hasText: "Cleo Creator is already on this campaign's roster" }).waitFor()
  await shot(page, 'creator-profile-added-twice')

  // The phone layout of the same profile.
  const phone = await newPage(browser, PHONE)
  await loginUi(phone, 'brand@example.com')
  await phone.goto(new URL(page.url()).pathname)
  await phone.getByRole('heading', { level: 2, name: 'Cleo Creator' }).waitFor()
  await phone.getByRole('region', { name: '90-day trends' }).locator('figure').first().waitFor()
  await shot(phone, 'creator-profile')
  await phone.context().close()
  await page.context().close()
})

test('a reload of the network keeps its filters', async () => {
  const page = await newPage(browser, WIDE)
  await loginUi(page, 'brand@example.com')
  await page.goto('/creator-network')
  await page.getByLabel('Tier').selectOption('Mid')
  await page.waitForURL(/[?&]tier=Mid/)
  await page.getByRole('article').first().waitFor()
  await page.reload()
  await page.getByRole('article').first().waitFor()
  assert.equal(await page.getByLabel('Tier').inputValue(), 'Mid')
  // Each card with an audience says its basis as the list's answer gives it: an imported entry in the profile's words.
  const { accessToken } = await apiLogin('brand@example.com')
  const listed = await api('GET', `creators?tier=Mid&page=1&limit=12`, accessToken)
  const byName = new Map(listed.data.creators.map((c) => [c.name, c]))
  let imported = 0
  for (const card of await page.getByRole('article').all()) {
    assert.equal(await card.locator('.cc-tier').textContent(), 'Mid')
    const name = await card.getAttribute('aria-label')
    const audience = byName.get(name)?.audience
    const line = card.locator('.cc-creator-audience-basis')
    if (!audience) continue
    if (audience.basis === 'imported') {
      imported++
      assert.equal(await line.textContent(), 'Imported with the creator’s network entry, not measured.')
    } else assert.match(await line.textContent(), /^Measured from /)
  }
  assert.ok(imported > 0, 'the page shows an imported creator with an audience')
  await shot(page, 'creator-network-filtered')
  // A shared link with filters opens the same list at 390 px.
  const phone = await newPage(browser, PHONE)
  await loginUi(phone, 'brand@example.com')
  await phone.goto(new URL(page.url()).pathname + new URL(page.url()).search)
  await phone.getByRole('article').first().waitFor()
  await phone.getByRole('button', { name: /^Filters/ }).click()
  assert.equal(await phone.getByLabel('Tier').inputValue(), 'Mid')
  await shot(phone, 'creator-network-filtered')
  await phone.context().close()
  await page.context().close()
})
