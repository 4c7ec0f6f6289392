import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { launch, newPage, quietShot, expectToast, loginUi, signAgreement, PHONE } from './helpers.mjs'

// In the browser: the demo creator sees the seeded waiting offer on "Offers" and counters it;
// the demo brand sees the counter on the campaign's roster and accepts it by signing the agreement with the mailed
// code; the creator signs too, and the offer is then accepted with only its agreement and the campaign's files left to
// read. The creator downloads the campaign's brief and mood board from the offer. Every screen passes axe-core (WCAG 2.1
// AA) at 1440 and 390 px.

const WIDE = { width: 1440, height: 900 }

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** files are the seeded campaign files an offer on `campaign` lists, each a download button named after the file. */
const files = (campaign) => [`${campaign} brief.pdf`, `${campaign} mood board.png`]

/** buttons are the card's buttons' texts, sorted. */
const buttons = async (card) => (await card.getByRole('button').allInnerTexts()).sort()

/** waitingOffer is the seeded offer card of the demo creator. */
const offerCard = (page) => page.getByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })

test('the creator counters the waiting offer and the brand accepts the counter', async () => {
  for (const viewport of [WIDE, PHONE]) {
    const look = await newPage(browser, viewport)
    await loginUi(look, 'creator@example.com')
    if (viewport === WIDE) {
      await look.getByRole('link', { name: 'Offers', exact: true }).click() // the sidebar entry
      await look.waitForURL('**/my-offers')
    } else {
      await look.goto('/my-offers')
    }
    await offerCard(look).getByText('Waiting for you', { exact: true }).waitFor()
    await quietShot(look, 'creator-offers')
    await look.close()
  }

  const creator = await newPage(browser, WIDE)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = offerCard(creator)
  await card.getByText('Waiting for you', { exact: true }).waitFor()
  await card.getByText(/Answer by/).waitFor()
  // The brand offers 30 days of paid usage on top of the countered fee: the card shows the total and each line.
  await card.getByText('$1,085').waitFor()
  const lines = card.locator('dl', { hasText: 'Paid usage for 30 days (add-on)' }).first()
  assert.match(await lines.innerText(), /Fee\s+\$935\s+Paid usage for 30 days \(add-on\)\s+\$150/)
  // The completed one (paid through the product) is terminal: no answers, only its agreement and the campaign's files.
  const done = creator.getByRole('article', { name: 'Offer from Acme Studio for Autumn Lookbook' })
  await done.getByText('Completed', { exact: true }).waitFor()
  await done.getByRole('group', { name: 'Payment' }).getByText('Paid', { exact: true }).waitFor()
  assert.deepEqual(await buttons(done), [...files('Autumn Lookbook'), 'View agreement'].sort())

  // The campaign's files download through a signed link: the bytes are the PDF and the PNG the brand attached.
  for (const [name, magic] of [
    [files('Spring Fitness Push')[0], '%PDF-'],
    [files('Spring Fitness Push')[1], '\x89PNG'],
  ]) {
    const [download] = await Promise.all([
      creator.waitForEvent('download'),
      card.getByRole('button', { name: `Download ${name}` }).click(),
    ])
    assert.equal(download.suggestedFilename(), name)
    const head = readFileSync(await download.path()).subarray(0, magic.length).toString('latin1')
    assert.equal(head, magic, `${name} starts with ${JSON.stringify(head)}`)
  }

  await card.getByRole('button', { name: 'Counter' }).click()
  await card.getByLabel('Your amount (USD)').fill('1100')
  await card.getByLabel('Message to the brand (optional)').fill('Two reels and three stories')
  await quietShot(creator, 'creator-offers-counter')
  await card.getByRole('button', { name: 'Review counter' }).click()
  const dialog = creator.getByRole('dialog', { name: 'Send this counter?' })
  await dialog.waitFor()
  await quietShot(creator, 'creator-offers-counter-confirm')
  await dialog.getByRole('button', { name: 'Send counter' }).click()
  await expectToast(creator, 'Counter sent')
  await card.getByText('Countered', { exact: true }).waitFor()
  assert.equal(await card.getByRole('button', { name: 'Review and sign' }).count(), 0)

  for (const viewport of [PHONE, WIDE]) {
    const brand = await newPage(browser, viewport)
    await loginUi(brand, 'brand@example.com')
    await brand.goto('/campaigns')
    await brand.getByRole('button', { name: 'Roster of Spring Fitness Push' }).click()
    const counter = brand.getByRole('group', { name: 'Counter from Cleo Creator' })
    await counter.getByText('Two reels and three stories').waitFor()
    await counter.getByText('$1,100').waitFor()
    await quietShot(brand, 'roster-counter')
    if (viewport === PHONE) {
      await brand.close()
      continue
    }
    // Accepting the counter is signing its agreement.
    await counter.getByRole('button', { name: 'Accept counter' }).click()
    const agreement = brand.getByRole('group', { name: 'Agreement with Cleo Creator' })
    await agreement.getByText('Signing accepts Cleo Creator').waitFor()
    await quietShot(brand, 'roster-counter-sign')
    await signAgreement(brand, agreement, 'brand@example.com', 'Bea Brand')
    await brand.getByText("Waiting for the creator's signature").first().waitFor()
    await brand.close()
  }

  await creator.reload()
  await card.getByRole('button', { name: 'View agreement' }).click()
  await signAgreement(creator, card, 'creator@example.com', 'Cleo Creator')
  await card.getByText('Accepted', { exact: true }).waitFor()
  await card.getByText('$1,100').first().waitFor()
  assert.deepEqual(await buttons(card), [...files('Spring Fitness Push'), 'View agreement'].sort())
  await quietShot(creator, 'creator-offers-accepted')
  await creator.close()
})
