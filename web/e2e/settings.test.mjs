import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, quietShot, expectToast, createVerifiedCreator, loginUi, PHONE } from './helpers.mjs'

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

/** pngOf draws a w×h picture (two colour halves) in the page and returns it as PNG bytes. */
async function pngOf(page, w, h) {
  const dataUrl = await page.evaluate(
    ([width, height]) => {
      const c = document.createElement('canvas')
      c.width = width
      c.height = height
      const ctx = c.getContext('2d')
      ctx.fillStyle = '#e63946'
      ctx.fillRect(0, 0, width / 2, height)
      ctx.fillStyle = '#1d3557'
      ctx.fillRect(width / 2, 0, width / 2, height)
      return c.toDataURL('image/png')
    },
    [w, h],
  )
  return Buffer.from(dataUrl.split(',')[1], 'base64')
}

async function openSettings(page) {
  await page.goto('/account-settings')
  await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor()
  await page.getByLabel(/^Full Name/).waitFor()
}

const headerAvatar = (page) => page.locator('header.cc-header').getByRole('img', { name: 'Profile' })

for (const [label, viewport] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`profile name and a cropped picture show in the header (${label})`, async () => {
    const { email, password } = await createVerifiedCreator(`settings-profile-${label}`)
    const page = await newPage(browser, viewport)
    await loginUi(page, email, password)
    await openSettings(page)
    assert.equal(await headerAvatar(page).innerText(), 'EC')

    await page.getByLabel(/^Full Name/).fill('Nova Star')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Profile updated successfully')
    // The header follows at once, without a reload: initials of the new name.
    await page.locator('header.cc-header').getByText('NS', { exact: true }).waitFor()

    await page.locator('input[type=file]').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await pngOf(page, 640, 360) })
    await page.getByRole('group', { name: /Crop area/ }).waitFor()
    await page.getByLabel('Zoom').fill('1.5')
    await quietShot(page, 'settings-crop')
    await page.getByRole('button', { name: 'Use Picture' }).click()
    const preview = page.getByRole('img', { name: 'Profile picture preview' })
    await preview.waitFor()
    assert.match(await preview.getAttribute('src'), /^blob:/)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Profile updated successfully')

    const avatar = headerAvatar(page)
    await page.waitForFunction(() => document.querySelector('header.cc-header img[alt="Profile"]')?.complete)
    assert.match(await avatar.getAttribute('src'), /\/api\/files\/[0-9a-f]{32}\.jpg\?expires=\d+&sig=/)
    // The upload is the framed square: at zoom 1.5 the centre 240×240 of the 640×360 picture, red left, blue right.
    // The header's picture may be swapped once more (the profile's answer, then the refreshed account, each with a
    // new signed link): read it once the picture shown has loaded.
    const seen = await avatar.evaluate(async (img) => {
      for (let i = 0; i < 50 && !(img.complete && img.naturalWidth > 0); i++) await new Promise((r) => setTimeout(r, 100))
      const c = document.createElement('canvas')
      c.width = img.naturalWidth
      c.height = img.naturalHeight
      const ctx = c.getContext('2d')
      ctx.drawImage(img, 0, 0)
      const px = (x) => [...ctx.getImageData(x, Math.floor(c.height / 2), 1, 1).data.slice(0, 3)]
      return { w: img.naturalWidth, h: img.naturalHeight, left: px(10), right: px(c.width - 10) }
    })
    assert.equal(seen.w, seen.h, `the uploaded picture is square, got ${seen.w}×${seen.h}`)
    assert.ok(Math.abs(seen.w - 240) <= 2, `the crop follows the zoom: want about 240 px, got ${seen.w}`)
    const near = (got, want) => got.every((v, i) => Math.abs(v - want[i]) < 40)
    assert.ok(near(seen.left, [0xe6, 0x39, 0x46]), `left side red, got ${seen.left}`)
    assert.ok(near(seen.right, [0x1d, 0x35, 0x57]), `right side blue, got ${seen.right}`)
    await quietShot(page, 'settings-profile-saved')

    // Both survive a reload (they come from the server).
    // Until the profile is read the header shows the initials under the same name, so wait for the picture itself.
    await page.reload()
    const reloaded = page.locator('header.cc-header img[alt="Profile"]')
    await reloaded.waitFor()
    assert.match(await reloaded.getAttribute('src'), /\/api\/files\//)
    assert.equal(await page.getByLabel(/^Full Name/).inputValue(), 'Nova Star')
    await page.context().close()
  })
}

test('changing the password keeps this browser signed in and signs out another', async () => {
  const { email, password } = await createVerifiedCreator('settings-password')
  const a = await newPage(browser)
  const b = await newPage(browser, PHONE)
  await loginUi(a, email, password)
  await loginUi(b, email, password)

  await openSettings(a)
  await a.getByLabel(/^Current Password/).fill('Wrong#Pass1')
  await a.getByLabel(/^New Password/).fill('short')
  await a.getByLabel(/^Confirm Password/).fill('other')
  await a.getByRole('button', { name: 'Change Password' }).click()
  await a.getByText('Passwords must match').waitFor()
  await a.getByText(/^Password must be at least 8 characters long/).waitFor()
  await quietShot(a, 'settings-password-errors')

  await a.getByLabel(/^New Password/).fill('Fresh#Pass2027')
  await a.getByLabel(/^Confirm Password/).fill('Fresh#Pass2027')
  await a.getByRole('button', { name: 'Change Password' }).click()
  await a.getByText('Current password is incorrect').waitFor()

  await a.getByLabel(/^Current Password/).fill(password)
  await a.getByLabel(/^New Password/).fill('Fresh#Pass2027')
  await a.getByLabel(/^Confirm Password/).fill('Fresh#Pass2027')
  await a.getByRole('button', { name: 'Change Password' }).click()
  await expectToast(a, 'Password changed successfully')

  // Browser A stays signed in across a reload: its profile is read again from the server.
  await a.reload()
  await a.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor()
  await a.getByLabel(/^Full Name/).waitFor()
  assert.notEqual(await a.getByLabel(/^Full Name/).inputValue(), '')
  assert.match(a.url(), /\/account-settings$/)

  // Browser B's next call finds its session revoked: refresh fails, so it is sent to /login.
  await b.goto('/account-settings')
  await b.waitForURL('**/login')
  await expectToast(b, 'Unauthenticated')
  // The new password signs B in again, back to the page it was sent away from.
  await b.getByLabel(/^Email/).fill(email)
  await b.getByLabel(/^Password/).fill('Fresh#Pass2027')
  await b.getByRole('button', { name: 'Login', exact: true }).click()
  await b.waitForURL('**/account-settings')
  await b.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor()
  await a.context().close()
  await b.context().close()
})

test('delete my account: reason, confirmation dialog, signed out to /login', async () => {
  const { email, password } = await createVerifiedCreator('settings-delete')
  const page = await newPage(browser)
  await loginUi(page, email, password)
  await openSettings(page)

  await page.getByRole('button', { name: 'Delete My Account' }).click()
  await page.getByText('Please select a reason for deleting your account').waitFor()
  await page.getByRole('radio', { name: 'Privacy concerns' }).check()
  await page.getByRole('button', { name: 'Delete My Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Account?' })
  await dialog.getByText('Are you sure you want to permanently delete your account? This action cannot be undone.').waitFor()
  await quietShot(page, 'settings-delete-dialog')
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click()

  await page.waitForURL('**/login')
  await expectToast(page, 'Your account has been successfully deleted.')
  assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null)
  await page.goto('/account-settings')
  await page.waitForURL('**/login')
  await page.context().close()
})
