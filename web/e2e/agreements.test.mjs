import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch, newPage, expectToast, loginUi, draftOffer, signAgreement, sendCounter, openRoster, shootBoth, DESKTOP, PHONE } from './helpers.mjs'

// Signing is accepting, in the browser: brand@ sends an offer to the demo creator (Cleo Creator, creator@) on a new
// campaign with a 30-day paid usage right and signs it with the mailed code → creator@ reads the agreement, sees the
// usage line and counters → brand@ sends a new amount and signs the new version → creator@ sees the change
// (old → new) and signs with the mailed code → the offer is accepted → both download the signed PDF → /verify,
// logged out, says the PDF is signed and unchanged. Every state is photographed at 1280 and 390 px and passes
// axe-core (WCAG 2.1 AA).

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Signed ${RUN}`
const CREATOR = 'Cleo Creator'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})


/** download clicks "Download signed PDF" in `scope` (reloading until the worker has made it) and returns the file's path. */
async function downloadPDF(page, scope, reopen) {
  const button = scope.getByRole('button', { name: 'Download signed PDF' })
  for (let i = 0; i < 30 && !(await button.count()); i++) {
    await sleep(1000)
    await page.reload()
    await reopen()
  }
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
  // Kept outside the browser's artifacts, which go with its context.
  const path = join(mkdtempSync(join(tmpdir(), 'agreement-')), 'agreement.pdf')
  await file.saveAs(path)
  assert.equal(readFileSync(path).subarray(0, 5).toString(), '%PDF-')
  return path
}

test('brand sends and signs, creator counters, brand sends a new amount and signs, creator signs, both download the PDF, /verify accepts it', async () => {
  // A campaign with a 30-day paid usage right, and Cleo on its roster as a draft offer.
  await draftOffer(CAMPAIGN, CREATOR, { contentUsage: '30_days' })

  // 1. The brand sends the offer; its agreement opens with the sign form; the brand signs with the mailed code.
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  let roster = await openRoster(brand, CAMPAIGN)
  await roster.getByRole('button', { name: `Send offer to ${CREATOR}` }).click()
  const send = brand.getByRole('dialog', { name: 'Send this offer?' })
  await send.getByLabel('Amount (USD)').fill('1000')
  await send.getByRole('button', { name: 'Send offer' }).click()
  await expectToast(brand, `Offer of $1,000 sent to ${CREATOR}`)
  let panel = roster.getByRole('group', { name: `Agreement with ${CREATOR}` })
  await panel.getByRole('form', { name: 'Sign version 1' }).waitFor()
  await panel.getByText('Paid usage for 30 days after each post is published').waitFor()
  await shootBoth(brand, 'agreement-brand-sign')
  await signAgreement(brand, panel, 'brand@example.com', 'Bea Brand')
  await roster.getByTestId('agreement-status').getByText("Waiting for the creator's signature").waitFor()
  await shootBoth(brand, 'agreement-brand-signed')

  // 2. The creator reads the agreement, sees the usage line, and counters.
  const creator = await newPage(browser, PHONE)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${CAMPAIGN}` })
  await card.getByText('Waiting for you', { exact: true }).waitFor()
  await card.getByRole('button', { name: 'Review and sign' }).click()
  await card.getByText('Paid usage for 30 days after each post is published').waitFor()
  await card.getByText(/Bea Brand \(brand admin\)/).waitFor()
  await card.getByText("Waiting for the creator's signature").waitFor()
  await card.getByRole('form', { name: 'Sign version 1' }).waitFor()
  await shootBoth(creator, 'agreement-creator-review')
  await sendCounter(creator, card, 1200)

  // 3. The brand sends a new amount; the new version opens for the brand's signature.
  roster = await openRoster(brand, CAMPAIGN)
  const ask = roster.getByRole('group', { name: `Counter from ${CREATOR}` })
  await ask.getByText('$1,200').waitFor()
  await ask.getByLabel('New amount (USD)').fill('1100')
  await ask.getByRole('button', { name: 'Send new amount' }).click()
  await brand.getByRole('dialog', { name: 'Send a new amount?' }).getByRole('button', { name: 'Send offer' }).click()
  await expectToast(brand, `New offer of $1,100 sent to ${CREATOR}`)
  panel = roster.getByRole('group', { name: `Agreement with ${CREATOR}` })
  const version = await signAgreement(brand, panel, 'brand@example.com', 'Bea Brand')
  assert.ok(version >= 2, `the new amount made no new version (signed ${version})`)

  // 4. The creator sees what changed (old → new) and signs with the mailed code: the offer is accepted.
  await creator.reload()
  await card.getByText('Waiting for you', { exact: true }).waitFor()
  await card.getByRole('button', { name: 'Review and sign' }).click()
  await card.getByText(`What changed in version ${version}`).waitFor()
  const change = card.locator('.cc-agreement-change').filter({ hasText: 'Amount' }).first()
  assert.match(await change.innerText(), /1,?200(\.00)?.*1,?100(\.00)?/s)
  await shootBoth(creator, 'agreement-creator-change')
  await signAgreement(creator, card, 'creator@example.com', 'Cleo Creator')
  await card.getByText('Accepted', { exact: true }).waitFor()

  // 5. Both download the signed PDF once the worker has made it.
  const reopenCreator = async () => {
    await card.getByRole('button', { name: 'View agreement' }).click()
  }
  await reopenCreator()
  await card.getByText('Signed by everyone').waitFor()
  const creatorPDF = await downloadPDF(creator, card, reopenCreator)
  await shootBoth(creator, 'agreement-creator-signed')
  roster = await openRoster(brand, CAMPAIGN)
  const reopenBrand = async () => {
    roster = await openRoster(brand, CAMPAIGN)
    await roster.getByRole('button', { name: `View agreement with ${CREATOR}` }).click()
  }
  await roster.getByRole('button', { name: `View agreement with ${CREATOR}` }).click()
  panel = roster.getByRole('group', { name: `Agreement with ${CREATOR}` })
  const brandPDF = await downloadPDF(brand, panel, reopenBrand)
  assert.deepEqual(readFileSync(brandPDF), readFileSync(creatorPDF), 'both sides download the same signed PDF')
  await panel.getByText('Events', { exact: true }).click()
  await panel.getByText(/Signed \(version \d+\)/).first().waitFor()
  await shootBoth(brand, 'agreement-brand-pdf')
  await brand.context().close()
  await creator.context().close()

  // 6. Anyone checks the PDF on /verify, logged out.
  const visitor = await newPage(browser, PHONE)
  await visitor.goto('/verify')
  await visitor.getByLabel('Agreement PDF').setInputFiles(creatorPDF)
  await visitor.getByRole('button', { name: 'Check' }).click()
  await visitor.getByRole('heading', { name: 'Signed and unchanged' }).waitFor()
  await visitor.getByText(/Cleo Creator/).first().waitFor()
  await shootBoth(visitor, 'agreement-verify')
  await visitor.context().close()
})
