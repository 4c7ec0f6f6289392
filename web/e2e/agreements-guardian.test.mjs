import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import {
  launch, newPage, shootBoth, expectToast, loginUi, draftOffer, readCode, readMail, signAgreement, openRoster,
  uniqueEmail, DESKTOP, PHONE,
} from './helpers.mjs'

// In the browser: a creator under 18 signs an offer and names a parent; the parent is mailed a link, opens it logged
// out, reads the agreement and signs as guardian; the offer is then accepted on both sides. The creator's form is
// and the guardian's page are photographed at desktop and phone widths, every state checked with axe.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Guardian ${RUN}`
const CREATOR = 'Cleo Creator'
const GUARDIAN = uniqueEmail('guardian')
const MSG_NAME = 'Type your full name' // the guardian form's message for a missing name

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

test('a creator under 18 signs, the guardian signs from the mailed link logged out, and the offer is accepted', async () => {
  await draftOffer(CAMPAIGN, CREATOR, { ages: [13, 24] }) // an audience of teens, as a minor's would be

  // The brand sends and signs.
  const brand = await newPage(browser, DESKTOP)
  await loginUi(brand, 'brand@example.com')
  const roster = await openRoster(brand, CAMPAIGN)
  await roster.getByRole('button', { name: `Send offer to ${CREATOR}` }).click()
  const send = brand.getByRole('dialog', { name: 'Send this offer?' })
  await send.getByLabel('Amount (USD)').fill('400')
  await send.getByRole('button', { name: 'Send offer' }).click()
  await expectToast(brand, `Offer of $400 sent to ${CREATOR}`)
  await signAgreement(brand, roster.getByRole('group', { name: `Agreement with ${CREATOR}` }), 'brand@example.com', 'Bea Brand')
  await brand.close()

  // The creator declares being under 18 and names a guardian.
  const creator = await newPage(browser, DESKTOP)
  await loginUi(creator, 'creator@example.com')
  await creator.goto('/my-offers')
  const card = creator.getByRole('article', { name: `Offer from Acme Studio for ${CAMPAIGN}` })
  await card.getByRole('button', { name: 'Review and sign' }).click()
  const form = card.getByRole('form', { name: /^Sign version \d+$/ })
  await form.getByLabel(/I agree to sign this agreement electronically/).check()
  await form.getByLabel(/Your full name/).fill(CREATOR)
  await form.getByLabel('I am under 18: my parent or guardian signs too.').check()
  await form.getByLabel('Their full name').fill('Jürgen Łukasiewicz')
  await form.getByLabel('Their e-mail').fill(GUARDIAN)
  await shootBoth(creator, 'agreement-minor-form')
  const since = Date.now()
  await form.getByRole('button', { name: 'Email me a code' }).click()
  await form.getByText(/We sent a 6-digit code to/).waitFor()
  const code = await readCode('creator@example.com', 'agreement_signature', since)
  await form.getByRole('textbox', { name: 'Digit 1' }).click()
  await creator.keyboard.type(code, { delay: 30 })
  const version = (await form.getAttribute('aria-label')).replace(/\D+/g, '')
  await form.getByRole('button', { name: `Sign version ${version}` }).click()
  await form.waitFor({ state: 'detached' })
  await expectToast(creator, "Signed. Waiting for the creator's guardian's signature.")
  await card.getByRole('button', { name: 'View agreement' }).click()
  await card.getByText(/Guardian: Jürgen Łukasiewicz, asked to sign by e-mail/).waitFor()
  await card.getByText("Waiting for the creator's guardian's signature").first().waitFor()
  assert.equal(await card.getByText('Accepted', { exact: true }).count(), 0, 'accepted before the guardian signed')
  await shootBoth(creator, 'agreement-minor-waiting')

  // The guardian's mail carries one link; opened logged out, it shows the agreement and signs.
  const mail = await readMail(GUARDIAN, 'agreement_guardian', since, (t) => /\/guardian\/[A-Za-z0-9_-]+/.test(t))
  assert.match(mail, /Cleo Creator/)
  const link = mail.match(/https?:\/\/\S+\/guardian\/[A-Za-z0-9_-]+/)[0]
  const parent = await newPage(browser, PHONE)
  await parent.goto(new URL(link).pathname)
  const sign = parent.getByRole('form', { name: 'Sign as guardian' })
  await sign.waitFor()
  await parent.getByText(/Cleo Creator is under 18 and agreed to an offer from Acme Studio/).waitFor()
  await shootBoth(parent, 'agreement-guardian')
  await sign.getByRole('button', { name: 'Sign as guardian' }).click() // nothing filled: the form says what is missing
  await sign.getByText(MSG_NAME).waitFor()
  await shootBoth(parent, 'agreement-guardian-missing')
  await sign.getByRole('checkbox').check()
  await sign.getByLabel(/Your full name/).fill('Jürgen Łukasiewicz')
  await sign.getByRole('button', { name: 'Sign as guardian' }).click()
  await parent.getByText("Thank you: you signed Cleo Creator's agreement with Acme Studio.", { exact: false }).waitFor()
  await shootBoth(parent, 'agreement-guardian-signed')
  // The link is single use: opened again, it says so and offers no form.
  await parent.reload()
  await parent.getByRole('alert').waitFor()
  assert.equal(await parent.getByRole('form', { name: 'Sign as guardian' }).count(), 0)
  await shootBoth(parent, 'agreement-guardian-gone')
  await parent.close()

  // Every signature is in: the offer is accepted for the creator.
  await creator.reload()
  await card.getByText('Accepted', { exact: true }).waitFor()
  await card.getByRole('button', { name: 'View agreement' }).click()
  await card.getByText('Guardian: Jürgen Łukasiewicz, signed').waitFor()
  await shootBoth(creator, 'agreement-minor-accepted')
  await creator.close()
})
