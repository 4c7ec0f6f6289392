import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, quietShot, expectToast, createVerifiedCreator, loginUi, PHONE } from './helpers.mjs'

// In the browser, offline against stripe-mock: a fresh creator adds a test card with the
// sandbox picker, subscribes with a promo code checked as typed, cancels through the dialog, sees
// "Cancelled, ends on …", resumes and is "Active" again. The demo pro@example.com shows its yearly plan and Visa.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

test('a creator adds a test card, subscribes with a promo code, cancels and resumes', async () => {
  const { email, password } = await createVerifiedCreator('billing')
  const page = await newPage(browser)
  await loginUi(page, email, password)
  await page.goto('/account-settings#subscription')
  const subscription = page.locator('#subscription')
  await subscription.getByText('Add a card first').waitFor()
  assert.equal(await subscription.getByRole('button', { name: 'Subscribe' }).count(), 0)
  // The coach's link lands on the subscription card.
  await page.waitForFunction(() => {
    const top = document.getElementById('subscription').getBoundingClientRect().top
    return top >= -1 && top < window.innerHeight / 2
  })
  const phone = await newPage(browser, PHONE)
  await loginUi(phone, email, password)
  await phone.goto('/account-settings#subscription')
  await phone.locator('#subscription').getByText('Add a card first').waitFor()
  await quietShot(phone, 'billing-free')
  await phone.close()

  const cards = page.locator('#payment-cards')
  await cards.getByRole('button', { name: 'Add a card' }).click()
  await cards.getByLabel('Test card', { exact: true }).selectOption('pm_card_visa')
  await quietShot(page, 'billing-add-card')
  await cards.getByRole('button', { name: 'Add card', exact: true }).click()
  await cards.getByRole('list', { name: 'Saved cards' }).getByText('Primary').waitFor()

  await subscription.getByRole('radio', { name: /Creator Yearly/ }).check()
  await subscription.getByLabel('Promo code', { exact: true }).fill('NOSUCHCODE')
  await subscription.getByText('This promo code is not valid').waitFor()
  assert.equal(await subscription.getByRole('button', { name: 'Subscribe' }).isDisabled(), true)
  await subscription.getByLabel('Promo code', { exact: true }).fill('welcome20')
  await subscription.getByText('20% off the first payment').waitFor()
  await quietShot(page, 'billing-subscribe')
  await subscription.getByRole('button', { name: 'Subscribe' }).click()
  await expectToast(page, 'You are subscribed to Creator Yearly')
  await subscription.getByText('Active', { exact: true }).waitFor()

  await subscription.getByRole('button', { name: 'Cancel subscription' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' })
  await dialog.waitFor()
  await quietShot(page, 'billing-cancel-dialog')
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  const cancelled = subscription.getByText(/^Cancelled, ends on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  await cancelled.waitFor()
  assert.equal(await dialog.count(), 0)
  // The primary card pays for the running subscription: the server refuses to remove it and says why.
  await cards.getByRole('button', { name: /^Remove Visa/ }).click()
  await page.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click()
  await expectToast(page, 'This card pays for your subscription. Make another card primary before removing it.')
  assert.equal(await cards.getByRole('list', { name: 'Saved cards' }).locator('li').count(), 1)
  await quietShot(page, 'billing-cancelled')

  await subscription.getByRole('button', { name: 'Resume subscription' }).click()
  await subscription.getByText('Active', { exact: true }).waitFor()
  await page.close()
})

test('the demo pro creator shows an active yearly plan with a Visa card', async () => {
  for (const viewport of [undefined, PHONE]) {
    const page = await newPage(browser, viewport)
    await loginUi(page, 'pro@example.com')
    await page.goto('/account-settings')
    const subscription = page.locator('#subscription')
    await subscription.getByText('Creator Yearly').waitFor()
    await subscription.getByText('Active', { exact: true }).waitFor()
    await subscription.getByText(/\$190 \/ year/).waitFor()
    await page.locator('#payment-cards').getByText('Visa •••• 4242').waitFor()
    await page.locator('#payment-cards').getByText('Primary', { exact: true }).waitFor()
    await quietShot(page, 'billing-pro')
    await page.close()
  }
})
