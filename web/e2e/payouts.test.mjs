import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch, newPage, quietShot, shootBoth, expectToast, loginUi, apiLogin, readCode, api, isoIn, openRoster, uniqueEmail, DESKTOP, PHONE } from './helpers.mjs'

// Money in the browser: creator@ sets up payouts (the sandbox onboarding returns at once) → brand@'s card (seeded)
// and fee on its Payments page → an accepted offer shows "Payment reserved" to the creator and, with the fee, to the
// brand → the brand objects → admin@ decides on the payments board (the new objection refunded in part, the seeded
// objection on Hana Berg's Autumn Lookbook payment released: she has no payout account, so it waits for her details). The offer is accepted through
// the API (both sides sign the counter's agreement), not by clicking. A new brand whose card asks for the bank's check
// (3-D Secure) finishes it on the roster (the sandbox plays the bank). brand@ cancels the demo's offer on the ended
// Summer Serum Launch of which nothing was posted, its creator told, for a full refund. A payment is released by the
// clock: the sandbox publishes the tagged post, the creator syncs, the release run starts the clock both sides see, and
// the payments sandbox's test clock moves the payment past its window (POST /sandbox/payouts/{entryId}/clock), so the
// transfer goes out with no scheduler. Every screen at desktop and phone width passes axe.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Paid ${RUN}`
const CREATOR = 'Cleo Creator'
const HANDLE = 'cleo_fit' // Cleo's Instagram, connected to the social sandbox in the demo data

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** waitForPayment polls the offer's payment as `token` sees it until `ok` holds (the worker charges and transfers). */
async function waitForPayment(entryId, token, ok, what) {
  let p = null
  for (let i = 0; i < 80; i++) {
    p = (await api('GET', `payouts/offers/${entryId}`, token)).data.payment
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
 * acceptedOffer makes the brand (brand@ unless told) a campaign with Cleo on its roster, sends her an offer she counters
 * at $750, and accepts the counter the only way an offer is accepted: both sides sign the counter's agreement (the
 * browser's signing is the agreements test's subject). Returns the offer's roster entry id and the campaign's id.
 */
async function acceptedOffer(brandToken, creatorToken, { name = CAMPAIGN, brandEmail = 'brand@example.com', signer = 'Bea Brand' } = {}) {
  const campaign = {
    campaignName: name, goals: ['Brand awareness'], budget: 5000,
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
  await signByApi(entryId, brandToken, brandEmail, signer)
  await signByApi(entryId, creatorToken, 'creator@example.com', CREATOR)
  return { entryId, campaignId }
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
  const { entryId } = await acceptedOffer(brandToken, creatorToken)
  await waitForPayment(entryId, creatorToken, (p) => p.state === 'funded', 'funding')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${CAMPAIGN}` })
  await card.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await card.getByTestId('pays-on-time').waitFor()
  await quietShot(creator, 'payouts-offer-reserved')
  await creator.setViewportSize(DESKTOP)
  await quietShot(creator, 'payouts-offer-reserved')

  const roster = await openRoster(brand, CAMPAIGN)
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

  const autumn = board.getByRole('listitem').filter({ hasText: 'Autumn Lookbook' }).filter({ hasText: 'Hana Berg' })
  if (await autumn.count()) {
    const form = autumn.getByRole('form', { name: 'Decide the payment of Hana Berg' })
    await form.getByLabel(/Reason/).fill('Both posts carry the tag after all')
    await form.getByRole('button', { name: 'Record decision' }).click()
    await expectToast(admin, `Decision recorded for ${CREATOR}`)
  }
  await admin.setViewportSize(PHONE)
  await quietShot(admin, 'payouts-board')
  // The admin reads the creator's payouts state in the creator list, and cannot change it.
  await admin.setViewportSize(DESKTOP)
  await admin.goto('/admin/creators')
  await admin.getByRole('searchbox', { name: 'Search creators' }).fill('creator@example.com')
  const listed = admin.getByRole('table', { name: 'Creators' }).getByRole('row').filter({ hasText: 'creator@example.com' })
  await listed.getByRole('cell').filter({ hasText: 'Ready' }).waitFor()
  await quietShot(admin, 'payouts-admin-creators')
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

test('the tagged post starts the release clock both sides see, and the payment is released once its window passed', async () => {
  const { accessToken: brandToken } = await apiLogin('brand@example.com')
  const { accessToken: creatorToken } = await apiLogin('creator@example.com')
  const name = `Clocked ${RUN}`

  // 1. An accepted offer on a new campaign is reserved on brand@'s seeded card; creator@ is set up for payouts.
  const { entryId, campaignId } = await acceptedOffer(brandToken, creatorToken, { name })
  await waitForPayment(entryId, creatorToken, (p) => p.state === 'funded', 'funding')
  const creator = await newPage(browser, DESKTOP)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${name}` })
  await card.getByText('Payment reserved: $750', { exact: true }).waitFor()

  // 2. The sandbox publishes a post with the campaign's tag inside its dates; the creator syncs and the post is captured.
  const tag = (await api('GET', `campaigns/${campaignId}/results`, brandToken)).data.results.campaign.trackingTag
  assert.ok(tag, 'the campaign has no tracking tag')
  const post = await api('POST', '/sandbox/instagram/posts', null, { handle: HANDLE, caption: `Morning run in the new kit #${tag}`, publishedAt: `${isoIn(1)}T12:00:00Z` })
  await creator.goto('/dashboard')
  await creator.getByRole('region', { name: 'Instagram' }).getByRole('button', { name: 'Sync now' }).click()
  let captured = null
  for (let i = 0; i < 60 && !captured; i++) {
    const r = (await api('GET', `campaigns/${campaignId}/results`, brandToken)).data.results
    captured = r.creators.find((c) => c.name === CREATOR)?.posts.find((p) => p.url === post.url) ?? null
    if (!captured) await sleep(500)
  }
  assert.ok(captured, `the sync did not capture ${post.url}`)

  // 3. The release runs (the sandbox runs it on request, as the scheduler does every five minutes): the clock starts.
  await api('POST', '/sandbox/payouts/release', creatorToken)
  const running = await waitForPayment(entryId, creatorToken, (p) => p.releaseAt != null, 'the clock')
  assert.equal(running.state, 'funded')
  assert.equal(Date.parse(running.releaseAt) - Date.parse(running.capturedAt), 48 * 3600 * 1000, 'released 48 hours after the capture')
  await creator.goto('/my-offers')
  await card.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await card.getByText(/^post captured /).waitFor()
  await card.getByText(/ unless the brand objects$/).waitFor()
  await shootBoth(creator, 'payouts-offer-clock')

  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  const roster = await openRoster(brand, name)
  const payment = roster.locator('tbody tr').filter({ hasText: CREATOR }).getByRole('group', { name: 'Payment' })
  await payment.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await payment.getByText(/ unless the brand objects$/).waitFor()
  await payment.getByRole('button', { name: 'Object' }).waitFor()
  await shootBoth(brand, 'payouts-roster-clock')

  // 4. The payments sandbox's test clock moves the payment past its window: the release runs at once, the worker
  // transfers, and both sides see the transfer.
  await api('POST', `/sandbox/payouts/${entryId}/clock`, creatorToken, { advance: '49h' })
  await waitForPayment(entryId, creatorToken, (p) => p.state === 'transferred', 'the release by the clock')
  await creator.reload()
  await card.getByText('Transfer sent: $750', { exact: true }).waitFor()
  await shootBoth(creator, 'payouts-offer-clock-transferred')
  const paid = (await openRoster(brand, name)).locator('tbody tr').filter({ hasText: CREATOR }).getByRole('group', { name: 'Payment' })
  await paid.getByText('Transfer sent: $750', { exact: true }).waitFor()
  assert.equal(await paid.getByRole('button', { name: 'Object' }).count(), 0, 'the brand may still object after the transfer')
  await shootBoth(brand, 'payouts-roster-clock-transferred')
  await brand.context().close()

  // 5. The creator's earnings list the payment.
  await creator.goto('/earnings')
  await creator.getByRole('region', { name: 'Payments' }).getByText(name).waitFor()
  await shootBoth(creator, 'payouts-earnings-clock')
  await creator.context().close()
})

test("a brand whose card asks for the bank's check confirms it on the roster, and the payment is reserved", async () => {
  const email = uniqueEmail('bankcheck')
  const password = 'E2e#Pass2026'
  const since = Date.now()
  await api('POST', 'users/register', null, { brandName: 'Bank Check Studio', name: 'Bo Bank', email, password })
  await api('POST', 'users/verify-email', null, { otp: await readCode(email, 'email_verification', since), email })
  const { accessToken: brandToken } = await apiLogin(email, password)
  await api('POST', 'payouts/brand/cards', brandToken, { id: 'pm_card_threeDSecure2Required' })
  const { accessToken: creatorToken } = await apiLogin('creator@example.com')
  const name = `Checked ${RUN}`
  const { entryId } = await acceptedOffer(brandToken, creatorToken, { name, brandEmail: email, signer: 'Bo Bank' })
  await waitForPayment(entryId, brandToken, (p) => p.state === 'action_required', "the bank's check")

  // The creator waits for the brand's payment.
  const creator = await newPage(browser, PHONE)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Bank Check Studio for ${name}` })
  await card.getByText("Waiting for the brand's payment", { exact: true }).waitFor()
  await quietShot(creator, 'payouts-offer-waiting-brand')

  // The brand's row asks for the bank's check; the sandbox plays the bank, and the payment is reserved.
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, email, password)
  const roster = await openRoster(brand, name)
  const payment = roster.locator('tbody tr').filter({ hasText: CREATOR }).getByRole('group', { name: 'Payment' })
  await payment.getByText('Action required: the bank asks to confirm the payment', { exact: true }).waitFor()
  await quietShot(brand, 'payouts-bank-check')
  await payment.getByRole('button', { name: 'Confirm with your bank' }).click()
  const bank = payment.getByRole('group', { name: "Your bank's check (sandbox)" })
  await bank.getByText(/confirm the charge of \$825/).waitFor()
  await shootBoth(brand, 'payouts-bank-check-sandbox')
  await bank.getByRole('button', { name: 'Confirm payment' }).click()
  await expectToast(brand, 'Payment confirmed: the money is reserved')
  await payment.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await quietShot(brand, 'payouts-bank-check-done')
  await brand.context().close()

  await creator.reload()
  await card.getByText('Payment reserved: $750', { exact: true }).waitFor()
  await creator.context().close()
})

test('brand@ cancels the offer of which nothing was posted once its creator was told, and is refunded in full', async () => {
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  const roster = await openRoster(brand, 'Summer Serum Launch')
  const cancel = brand.getByRole('button', { name: 'Cancel and refund' })
  const payment = roster.getByRole('group', { name: 'Payment' }).filter({ has: cancel })
  await payment.getByText('Payment reserved: $300', { exact: true }).waitFor()
  await payment.getByRole('button', { name: 'Cancel and refund' }).click()
  const confirm = payment.getByRole('group', { name: 'Cancel the undelivered offer' })
  await confirm.getByText(/refund \$330 to your card/).waitFor()
  await quietShot(brand, 'payouts-cancel-undelivered')
  await confirm.getByRole('button', { name: 'Cancel and refund' }).click()
  await expectToast(brand, 'Cancelled: the payment is refunded in full')
  await roster.getByText(/^(Refund on its way|Refunded)$/).first().waitFor()
  await brand.setViewportSize(PHONE)
  await quietShot(brand, 'payouts-cancel-undelivered-done')
  await brand.close()
})
