import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { BASE_URL, DESKTOP, PHONE, apiLogin, expectToast, launch, loginUi, newPage, quietShot, readCode, shot, typeCode, uniqueEmail, isoIn, api } from './helpers.mjs'

// In the browser, on the seeded demo: creator@ publishes the media kit at /kit/cleo (unpublished, the page is gone at
// once) → a logged-out visitor opens it (noindex, PDF link, two past campaigns, the rate card) and signs up as a
// brand, coming back to the kit after verifying → brand@ books a rate-card line on a new draft campaign → the draft
// offer at that price is on the campaign's roster → brand@ withdraws and gives again its consent to be named in kits
// (its Media kits page). Every screen is photographed and passes axe-core (WCAG 2.1 AA) at
// desktop and phone widths.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** setPublished opens creator@'s Media kit page, sets the switch and saves. */
async function setPublished(page, on) {
  await page.goto('/media-kit')
  await page.getByRole('heading', { name: 'Media kit', level: 2 }).waitFor()
  const sw = page.getByRole('switch', { name: 'Published' })
  if ((await sw.isChecked()) !== on) await sw.click()
  await page.getByRole('button', { name: on ? 'Save and publish' : 'Save', exact: true }).click()
  await expectToast(page, on ? 'Media kit saved and published' : 'Media kit saved (not published)')
}

test('creator@ unpublishes and publishes the kit; a logged-out visitor sees it (and the gone page in between)', async () => {
  for (const [viewport, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const creator = await newPage(browser, viewport)
    await loginUi(creator, 'creator@example.com')
    await setPublished(creator, false)
    await quietShot(creator, `kit-settings-${tag}`)

    const visitor = await newPage(browser, viewport)
    const gone = await visitor.goto('/kit/cleo')
    assert.equal(gone.headers()['x-robots-tag'], 'noindex')
    await visitor.getByRole('heading', { level: 1, name: 'This media kit is not published' }).waitFor()
    await shot(visitor, `kit-gone-${tag}`)

    await setPublished(creator, true)
    await visitor.reload()
    await visitor.getByRole('heading', { level: 1, name: 'Cleo Creator' }).waitFor()
    assert.equal(await visitor.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
    const res = await fetch(`${BASE_URL}/api/kits/cleo`)
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer')
    const rows = visitor.getByRole('region', { name: 'Past campaigns' }).locator('tbody tr')
    assert.equal(await rows.count(), 2)
    await visitor.getByRole('region', { name: 'Past campaigns' }).getByText('a beauty brand').waitFor()
    await visitor.getByText('$450').waitFor()
    assert.equal(await visitor.getByRole('link', { name: 'Download PDF' }).getAttribute('href'), '/api/kits/cleo/pdf')
    const pdf = await fetch(`${BASE_URL}/api/kits/cleo/pdf`)
    assert.equal(pdf.headers.get('content-type'), 'application/pdf')
    await shot(visitor, `kit-public-${tag}`)
    await creator.context().close()
    await visitor.context().close()
  }
})

test('a visitor presses Book, signs up as a brand and comes back to the kit after verifying', async () => {
  const page = await newPage(browser, PHONE)
  await page.goto('/kit/cleo')
  await page.getByRole('link', { name: 'Book One Instagram post' }).click()
  await page.waitForURL('**/signup')
  assert.equal(await page.getByRole('tab', { name: 'Brand' }).getAttribute('aria-selected'), 'true')
  const email = uniqueEmail('kitbrand')
  const password = 'E2e#Pass2026'
  await page.getByLabel(/^Company Name/).fill('Kit Visitor Studio')
  await page.getByLabel(/^Full Name/).fill('Kit Visitor')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByLabel(/^Confirm Password/).fill(password)
  await page.getByRole('checkbox').check()
  const since = Date.now()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/verify-email')
  await typeCode(page, await readCode(email, 'email_verification', since))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/kit/cleo')
  await page.getByRole('button', { name: 'Book One Instagram post' }).waitFor()
  await shot(page, 'kit-after-signup')
  await page.context().close()
})

test('brand@ books a rate-card line from the kit: exactly one draft offer at that price on the roster', async () => {
  const { accessToken } = await apiLogin('brand@example.com')
  const name = `Kit Booking ${Date.now() % 100000}`
  const created = await api('POST', 'campaigns/add-campaign', accessToken, {
    campaignName: name, goals: ['Brand awareness'], budget: 3000,
    duration: { startDate: isoIn(7), endDate: isoIn(37) }, location: '',
    demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' }, contentVibes: ['Authentic'],
    terms: { exclusivity: 'no_exclusivity', contentUsage: 'organic_only' }, status: 'draft',
  })
  const campaignId = created.data.campaign._id

  for (const [viewport, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'brand@example.com')
    await page.goto('/kit/cleo')
    await page.getByRole('heading', { level: 1, name: 'Cleo Creator' }).waitFor()
    await page.getByRole('button', { name: 'Book One Instagram post' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Campaign').selectOption({ label: name })
    await shot(page, `kit-book-${tag}`)
    await dialog.getByRole('button', { name: 'Add draft offer' }).click()
    // The first booking makes the draft; the second (phone) answers the same one.
    await dialog.getByText(tag === 'desktop' ? /^A draft offer at \$450 is on the roster of/ : /^The draft offer you booked before at \$450/).waitFor()
    await shot(page, `kit-booked-${tag}`)
    await page.context().close()
  }

  const roster = await api('GET', `campaigns/${campaignId}/roster`, accessToken)
  const entries = roster.data.roster.entries.filter((e) => e.creator.name === 'Cleo Creator')
  assert.equal(entries.length, 1, JSON.stringify(roster.data.roster.entries.map((e) => e.creator.name)))
  assert.equal(entries[0].offer.status, 'draft')
  assert.equal(entries[0].offer.amount, 450)
})

test('brand@ sees the kits that show its campaigns on Media kits, withdraws its consent to be named and gives it again', async () => {
  for (const [viewport, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'brand@example.com')
    await page.goto('/brand-kits')
    await page.getByRole('heading', { name: 'Named in media kits', level: 2 }).waitFor()
    const list = page.getByRole('list', { name: 'Media kits that show your campaigns' })
    await list.getByRole('link', { name: 'Cleo Creator' }).waitFor()
    await list.getByText('Autumn Lookbook', { exact: false }).waitFor()
    await shot(page, `brand-kits-${tag}`)

    // Withdraw: the public kit names Acme Studio by its industry at once.
    await page.getByRole('radio', { name: /No, do not name us/ }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Kits no longer name your brand')
    await list.getByText('a fashion brand').waitFor()
    await quietShot(page, `brand-kits-withdrawn-${tag}`)
    let kit = (await api('GET', 'kits/cleo')).data.kit
    assert.ok(!JSON.stringify(kit).includes('Acme Studio'), JSON.stringify(kit.campaigns))
    assert.ok(kit.campaigns.some((c) => c.brand === 'a fashion brand' && !c.named))

    // Consent again, as the demo has it.
    await page.getByRole('radio', { name: /Yes, kits may name us/ }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Kits may now name your brand')
    kit = (await api('GET', 'kits/cleo')).data.kit
    assert.ok(kit.campaigns.some((c) => c.brand === 'Acme Studio' && c.named))
    await page.context().close()
  }
})
