import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch, newPage, quietShot, expectToast, readCode, typeCode, signAgreement, sendCounter, openRoster, uniqueEmail, waitMail, DESKTOP, PHONE, isoIn } from './helpers.mjs'

// The two sides meet, in the browser, at desktop and phone widths (every photographed state passes axe, WCAG 2.1
// AA): a new brand signs up (code from the mail folder), publishes a campaign with deliverables and a brief,
// generates a roster and sends an offer to a creator who is not yet on Creator Coach → the invitation's claim link →
// that creator signs up with the invited e-mail prefilled, verifies the code, claims the profile, connects an
// account in the social sandbox and says yes to the listing question → sees the offer and counters → the brand sees
// the budget's effect and accepts by signing; the creator signs and waits for the brand's payment → the brand finds
// the newly listed creator by name and by handle after that one sync.
//
// Time to value is a person's time: the wall time of the browser steps minus the waits for the worker and the mail
// (and the test's own screenshots and axe checks). The test prints both figures per width.

const PASSWORD = 'E2e#Pass2026'

/** Clock adds up a person's time: the wall time since start minus what `wait` spent. */
class Clock {
  constructor() {
    this.start = Date.now()
    this.waited = 0
  }

  async wait(promise) {
    const t = Date.now()
    try {
      return await (typeof promise === 'function' ? promise() : promise)
    } finally {
      this.waited += Date.now() - t
    }
  }

  person() {
    return Date.now() - this.start - this.waited
  }
}

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** readInvitation waits for an invitation mailed at or after `since`; returns its address and claim path. */
async function readInvitation(since) {
  const claim = /https?:\/\/[^\s"<>]+(\/claim\/[A-Za-z0-9_-]+)/
  const { file, text } = await waitMail((f) => f.includes('_outreach_'), since, (t) => claim.test(t), 'invitation')
  return { email: file.replace(/^.*_outreach_/, '').replace(/\.eml$/, ''), path: text.match(claim)[1], text }
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`a new brand's offer reaches a creator not yet on Creator Coach, who claims, connects, counters and signs (${label})`, async () => {
    const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
    const CAMPAIGN = `Journey ${RUN}`
    const brandEmail = uniqueEmail(`journey-brand-${label}`)

    // 1. A new brand signs up through the form and verifies the mailed code.
    const brandClock = new Clock()
    const brand = await newPage(browser, viewport)
    await brand.goto('/signup')
    await brand.getByRole('tab', { name: 'Brand' }).click()
    await brand.getByLabel(/^Company Name/).fill(`Journey Studio ${RUN}`)
    await brand.getByLabel(/^Full Name/).fill('Jo Journey')
    await brand.getByLabel(/^Email/).fill(brandEmail)
    await brand.getByLabel(/^Password/).fill(PASSWORD)
    await brand.getByLabel(/^Confirm Password/).fill(PASSWORD)
    await brand.getByRole('checkbox').check()
    let since = Date.now()
    await brand.getByRole('button', { name: 'Create Account' }).click()
    await brand.waitForURL('**/verify-email')
    await typeCode(brand, await brandClock.wait(readCode(brandEmail, 'email_verification', since)))
    await brand.getByRole('button', { name: 'Verify' }).click()
    await brand.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor()

    // 2. It publishes a campaign with a deliverable and a brief.
    await brand.goto('/create-campaign')
    await brand.getByLabel(/^Campaign Name/).fill(CAMPAIGN)
    await brand.getByText('Brand Awareness', { exact: true }).click()
    await brand.getByLabel(/^Budget/).fill('2500')
    await brand.getByLabel(/^Start Date/).fill(isoIn(2))
    await brand.getByLabel(/^End Date/).fill(isoIn(30))
    await brand.getByLabel(/^Age From/).selectOption('18')
    await brand.getByLabel(/^Age To/).selectOption('34')
    await brand.getByLabel(/^Gender/).selectOption('Female')
    await brand.getByText('Authentic', { exact: true }).click()
    await brand.getByText('Non-exclusive partnership', { exact: true }).click()
    await brand.getByText('Organic only', { exact: true }).click()
    await brand.getByRole('button', { name: 'Add deliverable' }).click()
    await brand.getByLabel(/^Platform/).selectOption('instagram')
    await brand.getByLabel(/^Posts/).fill('2')
    await brand.getByLabel(/^Brief for creators/).fill('Show the bottle at sunrise, one reel and one story.')
    await brand.getByRole('button', { name: 'Publish Campaign' }).click()
    await brand.waitForURL(/\/update-campaign\/[^/?]+\?next=find-creators$/)

    // 3. It generates a roster and sends an offer to the first creator not yet on Creator Coach.
    const roster = await openRoster(brand, CAMPAIGN)
    await roster.getByLabel('Creators', { exact: true }).fill('8')
    await roster.getByRole('button', { name: 'Generate roster' }).click()
    await brandClock.wait(roster.locator('tbody tr').nth(7).waitFor({ timeout: 30000 }))
    const row = roster
      .locator('tbody tr')
      .filter({ has: brand.getByText('not yet', { exact: true }) })
      .filter({ hasNot: brand.getByText('cannot be contacted', { exact: true }) })
      .filter({ has: brand.getByRole('button', { name: /^Send offer to / }) })
      .first()
    const sendButton = row.getByRole('button', { name: /^Send offer to / })
    const NAME = (await sendButton.getAttribute('aria-label')).replace(/^Send offer to /, '')
    await sendButton.click()
    const send = brand.getByRole('dialog', { name: 'Send this offer?' })
    await send.getByLabel('Amount (USD)').fill('1000')
    await send.getByRole('group', { name: 'Campaign budget' }).waitFor()
    await brandClock.wait(quietShot(brand, `journey-send-offer-${label}`))
    since = Date.now()
    await send.getByRole('button', { name: /^Send (offer|over budget)$/ }).click()
    await expectToast(brand, `Offer of $1,000 sent to ${NAME}`)
    const brandSeconds = brandClock.person() / 1000

    // 4. The invitation reaches the imported address: brand, brief, amount, one claim link, the unsubscribe footer.
    const invitation = await readInvitation(since)
    assert.match(invitation.text, new RegExp(`Journey Studio ${RUN} would like to work with you`))
    assert.match(invitation.text, /Show the bottle at sunrise/)
    assert.match(invitation.text, /\$1000\.00|\$1,000\.00/)
    assert.match(invitation.text, /unsubscribe/i)
    const creatorEmail = invitation.email

    // 5. The creator opens the link, signs up with the invited e-mail prefilled, verifies and claims the profile.
    const creatorClock = new Clock()
    const creator = await newPage(browser, viewport)
    await creator.goto(invitation.path)
    await creator.getByText(`Journey Studio ${RUN}`).waitFor()
    await creatorClock.wait(quietShot(creator, `journey-claim-${label}`))
    await creator.getByRole('link', { name: 'Sign up to answer' }).click()
    await creator.waitForURL('**/signup')
    assert.equal((await creator.getByLabel(/^Email/).inputValue()).toLowerCase(), creatorEmail.toLowerCase())
    await creator.getByLabel(/^Full Name/).fill(NAME)
    await creator.getByLabel(/^Password/).fill(PASSWORD)
    await creator.getByLabel(/^Confirm Password/).fill(PASSWORD)
    const niche = creator.getByLabel(/^Creator Niche/)
    await niche.locator('option').nth(1).waitFor({ state: 'attached' })
    await niche.selectOption(await niche.locator('option').nth(1).getAttribute('value'))
    await creator.getByRole('checkbox').check()
    since = Date.now()
    await creator.getByRole('button', { name: 'Create Account' }).click()
    await creator.waitForURL('**/verify-email')
    await typeCode(creator, await creatorClock.wait(readCode(creatorEmail, 'email_verification', since)))
    await creator.getByRole('button', { name: 'Verify' }).click()
    await creator.waitForURL(/\/claim\//)
    await creator.getByRole('button', { name: 'Claim my profile and open the offer' }).click()
    await creator.waitForURL('**/my-offers')

    // 6. It connects Instagram in the sandbox and says yes to the listing question.
    const HANDLE = `journey_${RUN}`
    await creator.goto('/dashboard')
    const ig = creator.getByRole('region', { name: 'Instagram' })
    await ig.getByRole('button', { name: 'Connect Instagram' }).click()
    await creator.waitForURL('**/sandbox/instagram/oauth/authorize**')
    await creator.getByLabel('Sandbox handle').fill(HANDLE)
    await creator.getByRole('button', { name: 'Allow' }).click()
    await creator.waitForURL(/\/dashboard\?job=/)
    await creatorClock.wait(ig.getByText(/Last synced/).waitFor({ timeout: 30000 }))
    const question = creator.getByRole('region', { name: 'Be found by brands' })
    await question.getByLabel('List me in the creator network so brands can find me and send offers').check()
    await creatorClock.wait(quietShot(creator, `journey-listing-${label}`))
    await question.getByRole('button', { name: 'Save my answer' }).click()
    await question.waitFor({ state: 'detached' })
    const creatorSeconds = creatorClock.person() / 1000

    // 7. It sees the offer with its terms and counters.
    await creator.goto('/my-offers')
    const card = creator.getByRole('article', { name: `Offer from Journey Studio ${RUN} for ${CAMPAIGN}` })
    await card.getByText('Waiting for you', { exact: true }).waitFor()
    await card.getByText(/Show the bottle at sunrise/).first().waitFor()
    await sendCounter(creator, card, 1200)

    // 8. The brand sees the budget's effect and accepts by signing; the creator signs and waits for the payment.
    const roster2 = await openRoster(brand, CAMPAIGN)
    const ask = roster2.getByRole('group', { name: `Counter from ${NAME}` })
    await ask.getByText('$1,200').waitFor()
    await ask.getByRole('button', { name: 'Accept counter' }).click()
    const panel = roster2.getByRole('group', { name: `Agreement with ${NAME}` })
    const budget = panel.getByRole('group', { name: 'Campaign budget' })
    await budget.getByText(/This move: \$1,200(\.00)?, leaving \$1,300(\.00)? free/).waitFor()
    await brandClock.wait(quietShot(brand, `journey-accept-${label}`))
    await signAgreement(brand, panel, brandEmail, 'Jo Journey')
    await creator.reload()
    await card.getByRole('button', { name: 'View agreement' }).click()
    await signAgreement(creator, card, creatorEmail, NAME)
    await card.getByText('Accepted', { exact: true }).waitFor()
    // The worker opens the payment after the last signature; this brand has no card yet, so the creator waits for it.
    const payment = card.getByRole('group', { name: 'Payment' })
    for (let i = 0; i < 30 && !(await payment.count()); i++) {
      await sleep(1000)
      await creator.reload()
      await card.getByText('Accepted', { exact: true }).waitFor()
    }
    assert.match(await payment.innerText(), /Waiting for the brand's payment|Payment being reserved/)
    await brandClock.wait(quietShot(creator, `journey-accepted-${label}`))
    await creator.context().close()

    // 9. The brand finds the newly listed creator by name and by handle, after that one sync.
    await brand.goto('/creator-network')
    for (const term of [NAME, HANDLE]) {
      await brand.getByLabel('Search creators').fill(term)
      await brand.getByRole('article', { name: NAME }).first().waitFor()
    }
    await brand.getByRole('article', { name: NAME }).first().getByText('on Creator Coach').waitFor()
    await quietShot(brand, `journey-found-${label}`)
    await brand.context().close()

    console.log(
      `time to value (${label}): brand sign-up → first offer received ${brandSeconds.toFixed(1)} s of a person's time; ` +
        `creator sign-up → listed ${creatorSeconds.toFixed(1)} s of a person's time`,
    )
  })
}
