import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { launch, newPage, quietShot, expectToast, loginUi, apiLogin, readMail, BASE_URL, PHONE, isoIn, searchList, OFFER_CAMPAIGN_ROWS } from './helpers.mjs'

// In the browser: the admin imports creators; a brand creates a
// campaign and generates its roster; the admin sends, counters and accepts
// offers and the totals follow; a BRAND_ADMIN invites a manager, who accepts
// and can edit campaigns, and a viewer, who cannot.

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`
const CAMPAIGN = `Offers ${RUN}`

/** rosterCsv: 12 Fitness creators with audiences, as the admin uploads them. */
function rosterCsv() {
  const head = 'Name,Email,Niche,Location,Instagram Handle,Instagram Followers,Engagement Rate,Audience Male %,Audience Female %,Audience 18-24 %,Audience 25-34 %'
  const rows = Array.from({ length: 12 }, (_, i) =>
    [`Fit Star${RUN} ${i}`, `fit${i}.${RUN}@example.com`, 'Fitness & Health', 'Berlin', `@fit${i}_${RUN}`, 20000 + i * 9000, (3 + (i % 5)).toFixed(1), 25, 75, 40, 30].join(','),
  )
  return Buffer.from([head, ...rows].join('\n') + '\n')
}

async function api(method, path, body, token) {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json().catch(() => null)
  return { status: res.status, json }
}

/** inviteToken reads the link token of the newest invitation mail to email. */
async function inviteToken(email) {
  const text = await readMail(email, 'invitation', 0, (t) => /accept-invite\?token=[A-Za-z0-9_-]+/.test(t))
  return /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(text)[1]
}

test('admin imports, brand generates a roster, admin runs the offers', async () => {
  const admin = await newPage(browser)
  await loginUi(admin, 'admin@example.com')
  await admin.getByRole('region', { name: 'Creators' }).waitFor()
  await quietShot(admin, 'offers-mission-control')
  await admin.goto('/roaster')
  await admin.getByLabel('Roster file', { exact: true }).setInputFiles({ name: `fit-${RUN}.csv`, mimeType: 'text/csv', buffer: rosterCsv() })
  const upload = admin.waitForResponse((r) => r.url().endsWith('/api/upload-creators'))
  await admin.getByRole('button', { name: 'Upload File' }).click()
  const importJob = (await (await upload).json()).data.job.id

  const { accessToken: brandToken } = await apiLogin('brand@example.com')
  const created = await api('POST', 'campaigns/add-campaign', {
    campaignName: CAMPAIGN, goals: ['Sales'], budget: 6000, duration: { startDate: isoIn(3), endDate: isoIn(40) }, location: 'Berlin',
    demographics: { ageRange: { start: 18, end: 34 }, gender: 'Female' }, contentVibes: ['Fun'],
    terms: { exclusivity: 'no_exclusivity', contentUsage: 'organic_only' }, status: 'active',
  }, brandToken)
  assert.equal(created.status, 201, JSON.stringify(created.json))
  const campaignId = created.json.data.campaign._id

  const brand = await newPage(browser)
  await loginUi(brand, 'brand@example.com')
  await brand.goto('/campaigns')
  await brand.getByRole('button', { name: `Roster of ${CAMPAIGN}` }).click()
  const panel = brand.getByRole('region', { name: 'Roster' })
  await panel.getByText('Target niches (any)').click()
  await panel.getByRole('checkbox', { name: 'Fitness & Health' }).check()
  await panel.getByLabel('Creators', { exact: true }).fill('6')
  await panel.getByRole('button', { name: 'Generate roster' }).click()
  await panel.getByRole('progressbar', { name: 'Roster generation' }).waitFor()
  await panel.locator('tbody tr').nth(5).waitFor({ timeout: 30000 })
  const rows = await panel.locator('tbody tr').allInnerTexts()
  assert.equal(rows.length, 6)
  assert.ok(rows.every((r) => r.includes('Fitness & Health niche')), rows.join('\n'))
  await quietShot(brand, 'offers-brand-roster')

  await admin.goto('/offers')
  await searchList(admin, 'Campaign name', RUN, OFFER_CAMPAIGN_ROWS)
  await admin.getByRole('button', { name: CAMPAIGN }).click()
  const roster = admin.getByRole('region', { name: `Roster of ${CAMPAIGN}` })
  await roster.locator('tbody tr').nth(5).waitFor()
  const labels = await roster.locator('tbody input[type="checkbox"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
  const creator = labels.map((l) => l.replace(/^Select /, ''))
  // Send the first three in one bulk change.
  for (const n of creator.slice(0, 3)) await roster.getByRole('checkbox', { name: `Select ${n}`, exact: true }).check()
  await roster.getByRole('combobox', { name: 'New status for the selected offers' }).selectOption('sent')
  await roster.getByRole('group', { name: 'Bulk update' }).getByRole('button', { name: 'Apply' }).click()
  await expectToast(admin, '3 offers updated')
  // The roster is read again after the toast: wait for its totals.
  await admin.waitForFunction(() => document.querySelector('[data-testid="offered-total"]')?.textContent !== '$0')
  // The first is countered at $777, the second declined. Accepting is signing the agreement (the creator and the
  // brand), so the ADMIN is never offered it.
  // Rows by their whole name: "… 1" is also the start of "… 10" and "… 11".
  const row = (name) => roster.locator('tbody tr').filter({ has: admin.getByRole('checkbox', { name: `Select ${name}`, exact: true }) })
  const first = row(creator[0])
  await first.getByRole('combobox', { name: `New status for ${creator[0]}`, exact: true }).selectOption('countered')
  await first.getByRole('spinbutton', { name: `Amount for ${creator[0]}`, exact: true }).fill('777')
  await first.getByRole('button', { name: 'Apply' }).click()
  await expectToast(admin, 'Offer updated')
  const second = row(creator[1])
  assert.deepEqual(
    await second.getByRole('combobox', { name: `New status for ${creator[1]}`, exact: true }).locator('option').allInnerTexts(),
    ['Move to…', 'Declined', 'Countered', 'Expired', 'Withdrawn'],
  )
  await second.getByRole('combobox', { name: `New status for ${creator[1]}`, exact: true }).selectOption('declined')
  await second.getByRole('button', { name: 'Apply' }).click()
  await expectToast(admin, 'Offer updated')
  const check = await api('GET', `admins/get-roster/${campaignId}`, null, (await apiLogin('admin@example.com')).accessToken)
  const r = check.json.data.roster
  assert.equal(r.entries.filter((e) => e.offer.status === 'declined').length, 1)
  assert.equal(r.entries.filter((e) => e.offer.status === 'countered')[0].offer.amount, 777)
  // The ADMIN opens a sent offer's agreement: its version, whose signature is missing, the events.
  await row(creator[2]).getByRole('button', { name: `Agreement of ${creator[2]}` }).click()
  const agreement = roster.getByRole('region', { name: 'Agreement', exact: true })
  await agreement.getByText('Agreement · version 1').waitFor()
  await agreement.getByText(/Waiting for the brand's and the creator's signatures/).waitFor()
  await agreement.getByText('Events', { exact: true }).click()
  await agreement.getByText(/New version \(version 1\)/).waitFor()
  await quietShot(admin, 'offers-pipeline')
  // The import (running meanwhile) has added the uploaded creators to the network.
  const adminToken = (await apiLogin('admin@example.com')).accessToken
  let job
  for (let i = 0; i < 120 && job?.status !== 'succeeded' && job?.status !== 'failed'; i++) {
    job = (await api('GET', `jobs/${importJob}`, null, adminToken)).json.data.job
    if (job.status !== 'succeeded') await new Promise((r) => setTimeout(r, 500))
  }
  assert.equal(job.status, 'succeeded', JSON.stringify(job))
  assert.equal(job.result.imported, 12)
  await admin.setViewportSize(PHONE)
  await quietShot(admin, 'offers-pipeline')
  await admin.context().close()
  await brand.context().close()
})

test('a BRAND_ADMIN invites a manager who edits campaigns and a viewer who cannot', async () => {
  const owner = await newPage(browser)
  await loginUi(owner, 'brand@example.com')
  await owner.goto('/account-settings')
  const team = owner.getByRole('region', { name: 'Team' })
  const manager = `mgr.${RUN}@example.com`
  const viewer = `view.${RUN}@example.com`
  await team.getByLabel(/^Email/).fill(manager)
  await team.getByLabel(/^Role$/).selectOption('BRAND_MANAGER')
  await team.getByRole('button', { name: 'Invite' }).click()
  await expectToast(owner, `Invitation sent to ${manager}`)
  await team.getByLabel(/^Email/).fill(viewer)
  await team.getByLabel(/^Role$/).selectOption('BRAND_VIEWER')
  await team.getByRole('button', { name: 'Invite' }).click()
  await team.getByRole('list', { name: 'Pending invitations' }).getByText(viewer).waitFor()
  await quietShot(owner, 'offers-team')

  const join = async (email, name) => {
    const page = await newPage(browser)
    await page.goto(`/accept-invite?token=${await inviteToken(email)}`)
    await page.getByRole('heading', { name: 'Join Acme Studio' }).waitFor()
    if (name === 'Mia Manager') await quietShot(page, 'offers-accept-invite')
    await page.getByLabel(/^Full Name/).fill(name)
    await page.getByLabel(/^Password/).fill('Join#Team2026')
    await page.getByLabel(/^Confirm Password/).fill('Join#Team2026')
    await page.getByRole('button', { name: 'Join Team' }).click()
    await page.waitForURL('**/dashboard')
    return page
  }
  const mgr = await join(manager, 'Mia Manager')
  await mgr.goto('/campaigns')
  await mgr.getByRole('link', { name: /^Edit / }).first().click()
  await mgr.waitForURL('**/update-campaign/**')
  await mgr.getByRole('region', { name: 'Roster' }).getByRole('button', { name: 'Generate roster' }).waitFor()
  const { accessToken: mgrToken } = await apiLogin(manager, 'Join#Team2026')
  const id = mgr.url().split('/update-campaign/')[1]
  const edited = await api('PATCH', `campaigns/update-campaign/${id}`, { additionalInstructions: `Edited by the manager ${RUN}` }, mgrToken)
  assert.equal(edited.status, 200, JSON.stringify(edited.json))

  const used = await newPage(browser)
  await used.goto(`/accept-invite?token=${await inviteToken(manager)}`)
  await used.getByRole('alert').filter({ hasText: 'This invitation has already been used. Log in instead.' }).waitFor()

  const vw = await join(viewer, 'Vic Viewing')
  // A viewer reads the campaigns but never creates one.
  await vw.goto('/create-campaign')
  await vw.getByText('Page Not Found').waitFor()
  const { accessToken } = await apiLogin(viewer, 'Join#Team2026')
  const denied = await api('POST', 'campaigns/add-campaign', { campaignName: 'Nope' }, accessToken)
  assert.equal(denied.status, 403)
  for (const p of [owner, mgr, used, vw]) await p.context().close()
})
