import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch, newPage, quietShot, expectToast, loginUi, apiLogin, readCode, BASE_URL, DESKTOP, PHONE } from './helpers.mjs'

// Money in the browser: creator@ sets up payouts (the sandbox onboarding returns at once) → brand@'s card (seeded)
// and fee on its Payments page → an accepted offer shows "Payment reserved" to the creator and, with the fee, to the
// brand → the brand objects → admin@ decides on the payments board (the new objection refunded in part, the seeded
// Autumn Lookbook objection released, so its transfer leaves to the now ready account). The offer is accepted through
// the API (both sides sign the counter's agreement), not by clicking. Every screen at desktop and phone width passes axe.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Paid ${RUN}`
const CREATOR = 'Cleo Creator'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

function isoIn(days) {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

async function api(method, path, token, body) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

/** waitForPayment polls the offer's payment as `token` sees it until `ok` holds (the worker charges and transfers). */
async function waitForPayment(entryId, token, ok, what) {
  let p = null
  for (let i = 0; i < 80; i++) {
    p = (await api('GET', `/api/payouts/offers/${entryId}`, token)).data.payment
    if (ok(p)) return p
    await sleep(250)
  }
  assert.fail(`${what}: the payment stayed ${JSON.stringify(p)}`)
}

/** signByApi signs the offer's current agreement version as the holder of `token` with the code mailed to `email`. */
async function signByApi(entryId, token, email, fullName) {
  const { agreement } = (await api('GET', `/api/offers/${entryId}/agreement`, token)).data
  const since = Date.now()
  await api('POST', `/api/offers/${entryId}/agreement/code`, token, {})
  const code = await readCode(email, 'agreement_signature', since)
  await api('POST', `/api/offers/${entryId}/agreement/sign`, token, { versionId: agreement.currentVersionId, fullName, code, consent: true })
}

/**
 * acceptedOffer makes brand@ a campaign with Cleo on its roster, sends her an offer she counters at $750, and
 * accepts the counter the only way an offer is accepted: both sides sign the counter's agreement (the browser's
 * signing is the agreements test's subject).
 */
async function acceptedOffer(brandToken, creatorToken) {
  const campaign = {
    campaignName: CAMPAIGN, goals: ['Brand awareness'], budget: 5000,
    duration: { startDate: isoIn(1), endDate: isoIn(31) }, location: '',
    demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' }, contentVibes: ['Authentic'],
    terms: { exclusivity: 'no_exclusivity', contentUsage: 'organic_only' }, status: 'active',
  }
  const campaignId = (await api('POST', '/api/campaigns/add-campaign', brandToken, campaign)).data.campaign._id
  const cleo = (await api('GET', `/api/creators?search=${encodeURIComponent(CREATOR)}`, brandToken)).data.creators.find((c) => c.name === CREATOR)
  assert.ok(cleo, 'Cleo is not in the network')
  const entryId = (await api('POST', `/api/campaigns/${campaignId}/roster`, brandToken, { creatorId: cleo._id })).data.entry._id
  await api('PATCH', `/api/campaigns/${campaignId}/offers`, brandToken, { entries: [{ entryId, status: 'sent', amount: 700 }] })
  await api('POST', `/api/offers/${entryId}/counter`, creatorToken, { amount: 750 })
  await signByApi(entryId, brandToken, 'brand@example.com', 'Bea Brand')
  await signByApi(entryId, creatorToken, 'creator@example.com', CREATOR)
  return entryId
}

/** openRoster opens the campaign's roster from brand@'s campaign list. */
async function openRoster(page) {
  await page.goto('/campaigns')
  await page.getByLabel('Search campaigns').fill(CAMPAIGN)
  await page.getByRole('button', { name: `Roster of ${CAMPAIGN}` }).click()
  return page.getByRole('region', { name: 'Roster' })
}

test('a creator sets up payouts, an accepted offer is reserved, the brand objects and the admin decides', async () => {
  const { accessToken: brandToken } = await apiLogin('brand@example.com')
  const { accessToken: creatorToken } = await apiLogin('creator@example.com')

  // 1. The creator sets up payouts from Settings: the sandbox onboarding comes straight back, and the account is ready.
  const creator = await newPage(browser, DESKTOP)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/account-settings')
  await creator.getByRole('link', { name: 'Manage payouts' }).click()
  await creator.getByRole('heading', { level: 2, name: 'Payouts' }).waitFor()
  const state = creator.getByTestId('payout-state')
  await state.waitFor()
  if ((await state.textContent()) === 'Not set up') {
    await quietShot(creator, 'payouts-not-set-up')
    await creator.getByRole('button', { name: 'Set up payouts' }).click()
    await creator.waitForURL(/\/account-settings\/payouts\?returned=1/)
  }
  await creator.getByTestId('payout-state').filter({ hasText: 'Ready' }).waitFor()
  await creator.getByRole('button', { name: 'Open the payouts dashboard' }).waitFor()
  await quietShot(creator, 'payouts-ready')
  await creator.setViewportSize(PHONE)
  await quietShot(creator, 'payouts-ready')

  // 2. brand@'s card (seeded) and the platform fee on its Payments page.
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  await brand.getByRole('link', { name: 'Payments' }).first().click()
  await brand.getByText('Visa ending in 4242').waitFor()
  await brand.getByTestId('fee-percent').filter({ hasText: '10%' }).waitFor()
  assert.equal(await brand.getByLabel(/Monthly limit for BRAND_MANAGERs/).inputValue(), '2000')
  await brand.getByRole('region', { name: 'Spend' }).getByRole('button', { name: 'Download CSV' }).waitFor()
  await quietShot(brand, 'payouts-brand-payments')
  await brand.setViewportSize(PHONE)
  await quietShot(brand, 'payouts-brand-payments')
  await brand.setViewportSize(DESKTOP)

  // 3. An accepted offer is charged to the brand's card: the creator sees "Payment reserved", the brand the fee too.
  const entryId = await acceptedOffer(brandToken, creatorToken)
  await waitForPayment(entryId, creatorToken, (p) => p.state === 'funded', 'funding')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${CAMPAIGN}` })
  await card.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await card.getByTestId('pays-on-time').waitFor()
  await quietShot(creator, 'payouts-offer-reserved')
  await creator.setViewportSize(DESKTOP)
  await quietShot(creator, 'payouts-offer-reserved')

  const roster = await openRoster(brand)
  const row = roster.locator('tbody tr').filter({ hasText: CREATOR })
  const payment = row.getByRole('group', { name: 'Payment' })
  await payment.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await payment.getByText('$750 to the creator + $75 platform fee').waitFor()
  await quietShot(brand, 'payouts-roster-reserved')

  // 4. The brand objects with a reason: the payment is held for an ADMIN.
  await payment.getByRole('button', { name: 'Object' }).click()
  const objection = payment.getByRole('form', { name: 'Object to the payment' })
  await objection.getByLabel('Reason').selectOption('Not as agreed')
  await objection.getByLabel('Details (optional)').fill('One of the two posts is missing')
  await quietShot(brand, 'payouts-objection')
  await objection.getByRole('button', { name: 'Hold the payment' }).click()
  await expectToast(brand, 'Payment held: an admin decides')
  await payment.getByText('Held: an admin decides').waitFor()
  await brand.setViewportSize(PHONE)
  await quietShot(brand, 'payouts-roster-held')
  await brand.context().close()

  // 5. admin@ decides on the payments board: a partial refund of the new one, the release of the seeded one.
  const admin = await newPage(browser, DESKTOP)
  await loginUi(admin, 'admin@example.com')
  await admin.goto('/admin/payments')
  const board = admin.getByRole('list', { name: 'Payments' })
  const mine = board.getByRole('listitem').filter({ hasText: CAMPAIGN })
  await mine.getByText('Objection: “Not as agreed: One of the two posts is missing”').waitFor()
  await quietShot(admin, 'payouts-board')
  const decide = mine.getByRole('form', { name: `Decide the payment of ${CREATOR}` })
  await decide.getByLabel('Partial refund, release the rest').check()
  await decide.getByRole('button', { name: 'Record decision' }).click()
  await decide.getByText('Give a reason of 3 to 500 characters').waitFor()
  await decide.getByLabel('Refund to the brand (USD)').fill('250')
  await decide.getByLabel(/Reason/).fill('Half the deliverables arrived')
  await quietShot(admin, 'payouts-board-decision')
  await decide.getByRole('button', { name: 'Record decision' }).click()
  await expectToast(admin, `Decision recorded for ${CREATOR}`)
  const partial = await waitForPayment(entryId, creatorToken, (p) => p.refundAmount === 25000 && ['releasing', 'transferred'].includes(p.state), 'partial refund')
  assert.equal(partial.refundAmount, 25000)

  const autumn = board.getByRole('listitem').filter({ hasText: 'Autumn Lookbook' })
  if (await autumn.count()) {
    const form = autumn.getByRole('form', { name: `Decide the payment of ${CREATOR}` })
    await form.getByLabel(/Reason/).fill('Both posts carry the tag after all')
    await form.getByRole('button', { name: 'Record decision' }).click()
    await expectToast(admin, `Decision recorded for ${CREATOR}`)
  }
  await admin.setViewportSize(PHONE)
  await quietShot(admin, 'payouts-board')
  await admin.context().close()

  // 6. The creator sees the money leave: the offer's transfer and the earnings page.
  await waitForPayment(entryId, creatorToken, (p) => p.state === 'transferred', 'transfer')
  await creator.goto('/my-offers')
  await card.getByText('Transfer sent: $500', { exact: true }).waitFor()
  await card.getByText('$250 refunded to the brand').waitFor()
  await quietShot(creator, 'payouts-offer-transferred')
  await creator.goto('/earnings')
  await creator.getByRole('heading', { level: 2, name: 'Earnings' }).waitFor()
  await creator.getByRole('region', { name: 'Payments' }).getByText(CAMPAIGN).waitFor()
  await quietShot(creator, 'payouts-earnings')
  await creator.setViewportSize(PHONE)
  await quietShot(creator, 'payouts-earnings')
  await creator.context().close()
})
