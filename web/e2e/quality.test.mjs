import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, loginUi, shot, quietShot, expectToast, DESKTOP, PHONE } from './helpers.mjs'

// In the browser, at desktop and phone widths, axe on every screen: brand@
// filters the creator network by the audience-quality reading (verified
// only, a minimum, sorted by it), opens Sam Spike's profile and sees the
// unexplained spike on the follower chart (the day's figures on keyboard
// focus and in the table); Sam annotates the spike on "What brands see";
// brand@ then sees the note beside the spike. The wording never judges intent.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** openSamFromNetwork filters the network by the reading and opens Sam Spike's profile. */
async function openSamFromNetwork(page, phone) {
  await page.goto('/creator-network')
  await page.getByLabel('Search creators').fill('Sam Spike')
  if (phone) await page.getByRole('button', { name: /^Filters/ }).click()
  await page.getByLabel('Audience quality', { exact: true }).selectOption({ label: 'Verified reading only' })
  await page.getByLabel('Min audience quality (0–100)').fill('1')
  await page.getByLabel('Sort by').selectOption({ label: 'Audience quality' })
  const card = page.getByRole('article', { name: 'Sam Spike' })
  await card.waitFor()
  assert.match(await card.textContent(), /Audience quality \d+\/100/)
  await shot(page, `quality-network${phone ? '-phone' : ''}`)
  await card.getByRole('link', { name: 'Sam Spike' }).click()
  await page.waitForURL(/\/creator-network\/[0-9a-f-]{36}/)
  const region = page.getByRole('region', { name: 'Audience quality' })
  await region.getByRole('heading', { name: 'Follower growth' }).waitFor()
  return region
}

/** seeUnexplainedSpike focuses the unexplained mark and returns the tooltip's text. */
async function seeUnexplainedSpike(page, region, name) {
  const mark = region.getByRole('button', { name: /^Unexplained follower spike on/ }).first()
  await mark.focus()
  const tip = page.getByRole('tooltip')
  await tip.waitFor()
  const text = await tip.textContent()
  assert.match(text, /followers in a day/)
  assert.match(text, /Unexplained follower growth/)
  await shot(page, name)
  const table = region.getByRole('table', { name: 'Instagram: follower spikes' })
  assert.match(await table.textContent(), /Unexplained follower growth/)
  assert.doesNotMatch((await region.textContent()).toLowerCase(), /fake|fraud/)
  return text
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${label}: brand filters by the reading, sees the unexplained spike; the creator annotates it; the brand sees the note`, async () => {
    const phone = viewport === PHONE
    const note = `giveaway with @brand ${RUN}${phone ? 'p' : 'd'}`
    const brand = await newPage(browser, viewport)
    await loginUi(brand, 'brand@example.com')
    let region = await openSamFromNetwork(brand, phone)
    await seeUnexplainedSpike(brand, region, `quality-profile-spike${phone ? '-phone' : ''}`)
    const profileURL = brand.url()

    const creator = await newPage(browser, viewport)
    await loginUi(creator, 'sam.spike@example.com')
    const mine = creator.getByRole('region', { name: 'What brands see' })
    await mine.getByRole('heading', { name: 'Follower growth' }).waitFor()
    await shot(creator, `quality-what-brands-see${phone ? '-phone' : ''}`)
    await mine.getByRole('button', { name: /^(Add a|Edit) note on/ }).first().click()
    const box = mine.getByLabel(/^Note brands see beside the spike of/)
    await box.fill(note)
    await shot(creator, `quality-annotate${phone ? '-phone' : ''}`)
    await mine.getByRole('button', { name: 'Save note' }).click()
    await expectToast(creator, 'Note saved: brands see it beside the spike.')
    await mine.getByText(note).waitFor()
    await quietShot(creator, `quality-annotated${phone ? '-phone' : ''}`)
    await creator.close()

    await brand.goto(profileURL)
    region = brand.getByRole('region', { name: 'Audience quality' })
    await region.getByText(note).waitFor()
    const tip = await seeUnexplainedSpike(brand, region, `quality-profile-note${phone ? '-phone' : ''}`)
    assert.match(tip, new RegExp(`Creator’s note: “${note}”`))
    await brand.close()
  })
}
