import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, quietShot, loginUi, PHONE } from './helpers.mjs'

// In the browser: the demo creator opens 'Ask Your Creator Coach' from the dashboard card,
// asks a question, sees it pending, then answered with labelled facts; the free-questions badge counts
// down and, at zero, the call to subscribe leads to the settings page.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** ask sends a question and waits for its answer, recording whether the pending state was shown. */
async function ask(page, send, n) {
  await page.evaluate(() => {
    window.__sawPending = false
    const seen = () => {
      if (document.body.textContent.includes('Your coach is looking at your numbers')) window.__sawPending = true
    }
    window.__pendingObserver?.disconnect()
    window.__pendingObserver = new MutationObserver(seen)
    window.__pendingObserver.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  await send()
  const entry = page.locator('li.cc-chat-entry').nth(n - 1)
  await entry.locator('.cc-answer').waitFor()
  assert.equal(await page.evaluate(() => window.__sawPending), true, 'the pending answer was never shown')
  return entry
}

test('a creator asks the coach until the free questions run out', async () => {
  const page = await newPage(browser)
  await loginUi(page, 'creator@example.com')
  await page.getByRole('heading', { name: 'Ask Your Creator Coach' }).waitFor()
  await page.getByRole('link', { name: 'Ask a question' }).click()
  await page.getByRole('heading', { level: 1, name: 'Ask Your Creator Coach' }).waitFor()
  const filter = page.getByLabel('Filter By')
  await filter.waitFor()
  await page.waitForFunction(() => document.querySelectorAll('#coach-platform option').length > 1)
  const options = await filter.locator('option').allTextContents()
  assert.equal(options[0], 'All social platforms')
  assert.ok(options.includes('Instagram') && options.includes('YouTube'), `filter options ${options}`)

  // The seeded chat: two answered entries, 3 free questions left.
  await page.getByText('3 free questions left').waitFor()
  assert.equal(await page.locator('li.cc-chat-entry').count(), 2)
  await quietShot(page, 'coach')

  const third = await ask(page, async () => {
    await page.getByLabel('Your question').fill('Which platform is doing best?')
    await page.getByRole('button', { name: 'Ask', exact: true }).click()
  }, 3)
  for (const kind of ['measured', 'derived']) assert.ok(await third.locator('.badge', { hasText: kind }).count(), `no ${kind} fact`)
  await page.getByText('2 free questions left').waitFor()

  await ask(page, () => third.getByRole('button').first().click(), 4)
  await page.getByText('1 free question left').waitFor()
  const fifth = await ask(page, async () => {
    await page.getByLabel('Your question').fill('When will I reach my next follower milestone?')
    await page.getByRole('button', { name: 'Ask', exact: true }).click()
  }, 5)
  assert.ok(await fifth.locator('.badge', { hasText: 'estimated' }).count(), 'the projection has no estimated fact')
  await page.getByText('0 free questions left').waitFor()
  await page.getByText('You have used your 5 free questions. Subscribe to keep asking.').waitFor()
  assert.equal(await page.getByLabel('Your question').count(), 0)
  await quietShot(page, 'coach-no-credits')

  // The filter scopes the list: nothing was asked about YouTube alone.
  await filter.selectOption('youtube')
  await page.waitForURL(/platform=youtube/)
  await page.getByText('Try one of these').waitFor()

  await page.getByRole('link', { name: 'Subscribe' }).click()
  await page.waitForURL(/\/account-settings#subscription$/)
  await page.close()
})

test('the coaching chat on a phone', async () => {
  const page = await newPage(browser, PHONE)
  await loginUi(page, 'creator@example.com')
  await page.goto('/coach')
  await page.getByRole('heading', { level: 1, name: 'Ask Your Creator Coach' }).waitFor()
  await page.locator('li.cc-chat-entry').first().waitFor()
  await quietShot(page, 'coach')
  await page.close()
})
