import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, quietShot, expectToast, loginUi, sendWaitingOffer, DESKTOP, PHONE } from './helpers.mjs'

// Every offer reaches a person, on the demo data, at desktop and phone widths, every state photographed and checked
// with axe (WCAG 2.1 AA): the creator's Offers list what waits for them first with the offer's terms; "Waiting on
// you" → Answer opens the counter itself and the brand answers it with a new amount; a BRAND_VIEWER reads the
// campaigns without edit buttons; an ADMIN starts and cancels a merge of two network entries.

let browser
before(async () => {
  browser = await launch()
  // Earlier tests answer creator@'s demo offers: one of her own waits for her whatever they did.
  await sendWaitingOffer(`Waiting first ${Date.now()}`, 'Cleo Creator')
})
after(async () => {
  await browser?.close()
})

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the creator's Offers list what waits first, with the campaign's terms (${label})`, async () => {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'creator@example.com')
    await page.goto('/my-offers')
    const first = page.getByRole('article').first()
    await first.waitFor()
    await first.getByText('Waiting for you', { exact: true }).waitFor()
    assert.equal(await first.getByText('—', { exact: true }).count(), 0, 'an offer shows a dash')
    await quietShot(page, `outreach-my-offers-${label}`)
    await page.context().close()
  })

  test(`a BRAND_VIEWER reads the campaigns read-only (${label})`, async () => {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'viewer@example.com')
    await page.goto('/campaigns')
    const list = page.getByRole('list', { name: 'Campaigns' })
    await list.getByRole('link', { name: /^Results of / }).first().waitFor()
    assert.equal(await list.getByRole('link', { name: /^(Edit|View) / }).count(), 0, 'a viewer sees edit links')
    assert.equal(await list.getByRole('button', { name: /^Delete / }).count(), 0, 'a viewer sees delete buttons')
    assert.equal(await page.getByRole('link', { name: '+ New Campaign' }).count(), 0, 'a viewer may start a campaign')
    await quietShot(page, `outreach-viewer-campaigns-${label}`)
    await page.context().close()
  })

  test(`an ADMIN starts a merge of two network entries and cancels it (${label})`, async () => {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'admin@example.com')
    await page.goto('/admin/creators')
    await page.getByRole('button', { name: /^Merge another entry into / }).first().click()
    await page.getByRole('status').filter({ hasText: 'Merging into' }).waitFor()
    await page.getByRole('button', { name: /^Merge into .+: / }).first().waitFor()
    await quietShot(page, `outreach-admin-merge-${label}`)
    await page.getByRole('button', { name: 'Cancel merge' }).click()
    await page.getByRole('button', { name: /^Merge another entry into / }).first().waitFor()
    await page.context().close()
  })
}

test('Waiting on you → Answer opens the counter itself, and the brand answers with a new amount', async () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'brand@example.com')
    const waiting = page.getByRole('region', { name: /Waiting on you/ })
    const answer = waiting.getByRole('link', { name: /^Answer .+'s counter on / }).first()
    await answer.waitFor()
    const name = (await answer.getAttribute('aria-label')).replace(/^Answer (.+)'s counter on .*$/, '$1')
    await answer.click()
    const group = page.getByRole('group', { name: `Counter from ${name}` })
    await group.waitFor()
    await page.waitForFunction(() => document.activeElement?.id?.startsWith('counter-'))
    assert.ok(await group.isVisible(), 'the counter is not in view')
    await quietShot(page, `outreach-answer-counter-${label}`)
    if (label === 'desktop') {
      await group.getByPlaceholder('New amount').fill('777')
      await group.getByRole('button', { name: 'Send new amount' }).click()
      const dialog = page.getByRole('dialog', { name: 'Send a new amount?' })
      await dialog.waitFor()
      await quietShot(page, 'outreach-new-amount')
      await dialog.getByRole('button', { name: /^Send (offer|over budget)$/ }).click()
      await expectToast(page, `New offer of $777 sent to ${name}`)
    }
    await page.context().close()
  }
})
