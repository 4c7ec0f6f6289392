// Shared helpers of the browser end-to-end tests (node:test + playwright-core
// driving Debian's Chromium) against a running stack:
//   E2E_BASE_URL  the Go api serving web/dist and /api (e.g. http://127.0.0.1:18080)
//   E2E_MAIL_DIR  directory where the worker writes .eml files
import { afterEach } from 'node:test'
import { chromium } from 'playwright-core'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, dirname, basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'

export const BASE_URL = (process.env.E2E_BASE_URL || 'http://127.0.0.1:18080').replace(/\/$/, '')
export const MAIL_DIR = process.env.E2E_MAIL_DIR || ''
export const DEMO_PASSWORD = 'Demo#2026'
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }
export const SHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
mkdirSync(SHOTS_DIR, { recursive: true })
/** FAILURES_DIR receives a failed test's screenshots and DOM: the browser run's log folder (ops/test.sh's .run/e2e). */
export const FAILURES_DIR = process.env.E2E_FAILURES_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.run', 'e2e', 'failures')

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
let seq = 0
/** uniqueEmail gives an address unused by earlier runs against the same database. */
export function uniqueEmail(tag) {
  return `e2e.${tag}.${RUN}.${++seq}@example.com`
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * WAIT_MS is how long a step waits for what it expects (an element, a mail). The suite runs the browser tests beside
 * lint, types and unit tests on two cores: a wait ends as soon as its condition holds, so a long limit costs time only
 * when a test fails, while a short one fails a correct page that was slow to come under that load.
 */
export const WAIT_MS = 30000

/** openPages are the pages newPage opened that are still open, photographed when a test fails. */
const openPages = new Set()

/**
 * After a failed test, every page it left open is saved to FAILURES_DIR as it stands: a full-page screenshot
 * (<file>-<test>-<n>.png) and the DOM (…html), so a failure that does not repeat can still be read afterwards.
 */
afterEach(async (t) => {
  if (t.passed || !openPages.size) return
  mkdirSync(FAILURES_DIR, { recursive: true })
  const slug = (s) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 60)
  const stem = `${basename(process.argv[1] || 'e2e', '.test.mjs')}-${slug(t.name)}`
  let n = 0
  for (const page of openPages) {
    const file = join(FAILURES_DIR, `${stem}-${++n}`)
    try {
      writeFileSync(`${file}.html`, `<!-- ${page.url()} -->\n${await page.content()}`)
      await page.screenshot({ path: `${file}.png`, fullPage: true, timeout: 10000 })
      console.error(`[failure] ${page.url()} saved as ${file}.png and .html`)
    } catch (e) {
      console.error(`[failure] could not save ${page.url()}: ${e.message}`)
    }
  }
})

/**
 * newPage opens a fresh context (own localStorage) at the given viewport. The context asks for reduced motion, as
 * some users' systems do: Bootstrap then drops its fades and slides, so every wait for an animation to end (settle,
 * toasts, dialogs) is short, and the pages are checked in the mode those users see.
 */
export async function newPage(browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, reducedMotion: 'reduce' })
  const page = await context.newPage()
  openPages.add(page)
  page.on('close', () => openPages.delete(page))
  page.setDefaultTimeout(WAIT_MS)
  page.on('pageerror', (e) => console.error(`[pageerror] ${page.url()}: ${e.message}`))
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') console.error(`[requestfailed] ${r.url()}: ${r.failure()?.errorText}`)
  })
  return page
}

/**
 * settle waits until the page's web fonts are loaded, its finite animations and
 * transitions (toasts, dialogs, fades) have ended, and two frames are painted.
 */
export async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    )
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

/**
 * SHOTS_WRITTEN: the screenshots are written for people to look at, unless E2E_SCREENSHOTS=off (the clean-clone run
 * in CI, where nobody sees them: encoding full-page PNGs is a large share of the browser tests' CPU on two cores).
 * Every screen is checked with axe either way.
 */
const SHOTS_WRITTEN = process.env.E2E_SCREENSHOTS !== 'off'

/**
 * shot saves web/e2e/screenshots/<name>-<w>x<h>.png after fonts and animations
 * settle, then checks the screen with expectNoA11yViolations: every screen the
 * tests photograph must pass WCAG 2.1 AA.
 */
export async function shot(page, name) {
  await page.waitForTimeout(600) // content that mounts late (lazy chunks, data) fades in after the first settle
  await settle(page)
  const { width, height } = page.viewportSize()
  if (SHOTS_WRITTEN) await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}x${height}.png`), fullPage: true })
  await expectNoA11yViolations(page, `${name} (${width}x${height})`)
}

/** shootBoth photographs the page at its width and at the other one (desktop 1280 / phone 390), axe on each. */
export async function shootBoth(page, name) {
  const was = page.viewportSize()
  for (const size of was.width === DESKTOP.width ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
    await page.setViewportSize(size)
    await quietShot(page, name)
  }
  await page.setViewportSize(was)
}

/**
 * quietShot closes any toast first so it does not cover the screen, then takes the shot. A toast may leave on its
 * own between being counted and being clicked: a click that finds nothing gives up quickly and the count is read again.
 */
export async function quietShot(page, name) {
  const close = page.locator('.cc-toaster .btn-close')
  for (let i = 0; i < 10 && (await close.count()); i++) await close.first().click({ timeout: 2000 }).catch(() => {})
  await shot(page, name)
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A11Y_TAGS: the axe-core rule sets of WCAG 2.0 and 2.1, levels A and AA. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * expectNoA11yViolations runs axe-core's WCAG 2.0/2.1 A and AA rules on the
 * page as it is now (after finite animations end) and throws, listing each
 * rule, its help text and the failing elements, when any is violated. `name`
 * labels the screen in the message. axe is injected through the DevTools
 * protocol, which the app's Content-Security-Policy does not block.
 */
export async function expectNoA11yViolations(page, name) {
  await settle(page)
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').replace(/\s+/g, ' ')}`),
    }))
  }, A11Y_TAGS)
  if (!violations.length) return
  const lines = violations.flatMap((v) => [`- ${v.id} (${v.impact}): ${v.help}`, ...v.nodes.slice(0, 8).map((n) => `    ${n}`)])
  throw new Error(`${name} at ${page.url()}: ${violations.length} WCAG 2.1 AA violation(s)\n${lines.join('\n')}`)
}

/** toast waits for a toast with exactly this text (trimmed). */
export async function expectToast(page, text) {
  await page.locator('.cc-toaster .toast-body', { hasText: text.trim() }).first().waitFor({ state: 'visible' })
}

function decodeQuotedPrintable(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)))
}

/**
 * waitMail answers the newest mail (its file name and its text, quoted-printable decoded) whose file name passes
 * `named`, written at or after `since` (ms), whose text `accept` accepts, polling up to WAIT_MS: the worker sends
 * asynchronously. The mail folder names each file `<time>_<tag>_<address>.eml`.
 */
export async function waitMail(named, since = 0, accept = () => true, what = 'mail') {
  if (!MAIL_DIR) throw new Error('E2E_MAIL_DIR is not set')
  const deadline = Date.now() + WAIT_MS
  while (Date.now() < deadline) {
    let files = []
    try {
      files = readdirSync(MAIL_DIR).filter(named)
    } catch {
      /* directory not created yet */
    }
    const fresh = files.filter((f) => statSync(join(MAIL_DIR, f)).mtimeMs >= since - 1000).sort((a, b) => (a < b ? 1 : -1))
    for (const file of fresh) {
      const text = decodeQuotedPrintable(readFileSync(join(MAIL_DIR, file), 'utf8'))
      if (accept(text)) return { file, text }
    }
    await sleep(250)
  }
  throw new Error(`no ${what} in ${MAIL_DIR}`)
}

/**
 * readMail returns the text of the newest mail tagged `tag` (email_verification, agreement_guardian, invitation, …)
 * sent to `email` at or after `since` (ms) that `accept` accepts (see waitMail).
 */
export async function readMail(email, tag, since = 0, accept = () => true) {
  const suffix = `_${tag}_${email.toLowerCase()}.eml`
  const mail = await waitMail((f) => f.toLowerCase().endsWith(suffix), since, accept, `${tag} mail for ${email}`)
  return mail.text
}

/**
 * readCode returns the 6-digit code of the newest mail for `purpose` (email_verification, password_reset,
 * account_deletion, agreement_signature) sent to `email` at or after `since` (ms).
 */
export async function readCode(email, purpose, since = 0) {
  const text = await readMail(email, purpose, since, (t) => /code:\s*\d{6}/i.test(t))
  return text.match(/code:\s*(\d{6})/i)[1]
}

/** isoIn is the date (YYYY-MM-DD, UTC) `days` days from today. */
export function isoIn(days) {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * api calls the running stack as `token` (none: anonymous) and answers the parsed JSON (null for an empty body); an
 * answer other than 2xx throws with its status and body. `path` is under /api/ (`campaigns/…`) unless it starts with
 * a slash (`/sandbox/…`).
 */
export async function api(method, path, token, body) {
  const url = `${BASE_URL}${path.startsWith('/') ? path : `/api/${path}`}`
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

/**
 * sendWaitingOffer makes brand@ a campaign named `name` (dates from tomorrow for 30 days) with the network creator
 * `creator` on its roster and sends her an offer of `amount`, so that she has an offer waiting for her answer
 * whatever earlier tests did with the demo offers. Returns the roster entry's id.
 */
export async function sendWaitingOffer(name, creator, amount = 600) {
  const { token, campaignId, entryId } = await draftOffer(name, creator)
  await api('PATCH', `campaigns/${campaignId}/offers`, token, { entries: [{ entryId, status: 'sent', amount }] })
  return entryId
}

/**
 * draftOffer makes an active brand@ campaign `name` (a month from tomorrow, the given usage rights and audience ages)
 * with network creator `creator` on its roster as a draft offer; it answers brand@'s token and both ids.
 */
export async function draftOffer(name, creator, { contentUsage = 'organic_only', ages = [18, 34] } = {}) {
  const { accessToken: token } = await apiLogin('brand@example.com')
  const campaignId = (await api('POST', 'campaigns/add-campaign', token, {
    campaignName: name, goals: ['Brand awareness'], budget: 5000, duration: { startDate: isoIn(1), endDate: isoIn(31) }, location: '',
    demographics: { ageRange: { start: ages[0], end: ages[1] }, gender: 'Female' }, contentVibes: ['Authentic'],
    terms: { exclusivity: 'no_exclusivity', contentUsage }, status: 'active',
  })).data.campaign._id
  const found = (await api('GET', `creators?search=${encodeURIComponent(creator)}&page=1&limit=12`, token)).data.creators.find((c) => c.name === creator)
  if (!found) throw new Error(`${creator} is not in the network`)
  const entryId = (await api('POST', `campaigns/${campaignId}/roster`, token, { creatorId: found._id })).data.entry._id
  return { token, campaignId, entryId }
}

/** createVerifiedCreator registers a creator through the API and verifies the e-mail from the mail folder. */
export async function createVerifiedCreator(tag, password = 'E2e#Pass2026') {
  const email = uniqueEmail(tag)
  const niches = (await api('GET', 'niche')).data.niche
  const since = Date.now()
  await api('POST', 'users/register', null, { name: 'E2E Creator', email, password, niche: niches[0]._id })
  const otp = await readCode(email, 'email_verification', since)
  await api('POST', 'users/verify-email', null, { otp, email })
  return { email, password }
}

/** apiLogin returns the tokens of a user. */
export async function apiLogin(email, password = DEMO_PASSWORD) {
  return (await api('POST', 'users/login', null, { email, password })).data
}

/** loginUi signs in through the login form and waits for the dashboard. */
export async function loginUi(page, email, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor()
}

/** typeCode types the code into the six boxes (typing moves to the next box). */
export async function typeCode(page, code) {
  await page.getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code, { delay: 30 })
}

/**
 * signAgreement signs the agreement shown in `scope` (the panel's sign form) as `email`: ticks the consent, types
 * the full name, asks for the code, reads it from the mail folder and submits. Returns the version number signed.
 */
export async function signAgreement(page, scope, email, fullName) {
  const form = scope.getByRole('form', { name: /^Sign version \d+$/ })
  await form.waitFor()
  const version = Number((await form.getAttribute('aria-label')).replace(/\D+/g, ''))
  await form.getByLabel(/I agree to sign this agreement electronically/).check()
  await form.getByLabel(/Your full name/).fill(fullName)
  // A signer asks for one code per version (the resend cooldown holds per version), so no wait is needed here.
  const since = Date.now()
  await form.getByRole('button', { name: 'Email me a code' }).click()
  await form.getByText(/We sent a 6-digit code to/).waitFor()
  const code = await readCode(email, 'agreement_signature', since)
  await form.getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code, { delay: 30 })
  await form.getByRole('button', { name: `Sign version ${version}` }).click()
  await form.waitFor({ state: 'detached' })
  return version
}

/** sendCounter counters the offer `card` shows with `amount` dollars (the form, then its confirmation) and waits until
 * the card says Countered. */
export async function sendCounter(page, card, amount) {
  await card.getByRole('button', { name: 'Counter' }).click()
  await card.getByLabel('Your amount (USD)').fill(String(amount))
  await card.getByRole('button', { name: 'Review counter' }).click()
  await page.getByRole('dialog', { name: 'Send this counter?' }).getByRole('button', { name: 'Send counter' }).click()
  await expectToast(page, 'Counter sent')
  await card.getByText('Countered', { exact: true }).waitFor()
}

/**
 * searchList types `text` into the search field labelled `label` and waits until every item of the list (`rows`, a
 * CSS selector) shows it: the list keeps its previous page while the search runs, so clicking before the answer
 * lands would hit whatever the shorter list moves under the pointer.
 */
export async function searchList(page, label, text, rows) {
  await page.getByLabel(label, { exact: true }).fill(text)
  await page.waitForFunction(
    ([sel, t]) => {
      const items = [...document.querySelectorAll(sel)]
      return items.length > 0 && items.every((el) => el.textContent.toLowerCase().includes(t.toLowerCase()))
    },
    [rows, text],
    { timeout: WAIT_MS },
  )
}

/** OFFER_CAMPAIGN_ROWS: the rows of the ADMIN's /offers campaign list, for searchList. */
export const OFFER_CAMPAIGN_ROWS = 'section[aria-label="Campaigns of every brand"] tbody tr'

/** openRoster opens `campaign`'s roster from the campaign list (searched by name) and returns its region. */
export async function openRoster(page, campaign) {
  await page.goto('/campaigns')
  await searchList(page, 'Search campaigns', campaign, '.cc-campaign-item')
  await page.getByRole('button', { name: `Roster of ${campaign}` }).click()
  return page.getByRole('region', { name: 'Roster' })
}
