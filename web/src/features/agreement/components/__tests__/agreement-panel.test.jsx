import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within, fireEvent } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AgreementPanel } from '../agreement-panel'
import { GuardianSign } from '../guardian-sign'
import { CampaignAgreements } from '../campaign-agreements'
import { MSG_CODE, MSG_CONSENT, MSG_GUARDIAN_EMAIL, MSG_GUARDIAN_NAME, MSG_NAME } from '../sign-form'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'

const TERMS = {
  brandName: 'Acme Studio',
  brandSigner: 'Bea Brand',
  creatorName: 'Zoë Łukasiewicz',
  platform: 'instagram',
  posts: 1,
  trackingTag: 'acmespring',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  amountCents: 90000,
  currency: 'usd',
  exclusivity: 'no_exclusivity',
  contentUsage: '30_days',
  paymentTerms: 'paid by the brand directly',
  clauses: '',
}

const V1 = { id: 'v1', number: 1, templateVersion: '1', createdAt: '2026-11-20T10:00:00Z', createdBy: { name: 'Bea Brand', side: 'brand' }, terms: TERMS, changes: [], text: 'CREATOR AGREEMENT\nFee: 900.00 usd.', textSha256: 'a'.repeat(64) }
const V2 = {
  ...V1,
  id: 'v2',
  number: 2,
  createdAt: '2026-11-21T10:00:00Z',
  terms: { ...TERMS, amountCents: 110000 },
  changes: [{ field: 'amount', label: 'Amount', old: '900.00', new: '1100.00' }],
  text: 'CREATOR AGREEMENT\nFee: 1100.00 usd.',
}

/** agreement builds an answer of GET /api/offers/{id}/agreement. */
function agreement(over = {}) {
  return {
    offerId: 'o1',
    offerStatus: 'sent',
    currentVersionId: 'v2',
    versions: [V1, V2],
    signatures: [{ versionId: 'v2', side: 'brand', name: 'Bea Brand', role: 'BRAND_ADMIN', signedAt: '2026-11-21T10:01:00Z' }],
    required: ['brand', 'creator'],
    missing: ['creator'],
    guardian: null,
    pdfReady: false,
    canSign: true,
    ...over,
  }
}

const EVENTS = [
  { action: 'agreement.version', actorName: 'Bea Brand', role: 'BRAND_ADMIN', at: '2026-11-20T10:00:00Z', versionNumber: 1 },
  { action: 'agreement.signed', actorName: 'Bea Brand', role: 'BRAND_ADMIN', at: '2026-11-21T10:01:00Z', versionNumber: 2 },
]

function show(routes, props = {}) {
  const calls = []
  const fetch = mockApi(
    Object.fromEntries(
      Object.entries({
        'GET offers/o1/agreement': () => [200, { data: { agreement: agreement() } }],
        'GET offers/o1/agreement/events': () => [200, { data: { events: EVENTS } }],
        ...routes,
      }).map(([k, h]) => [
        k,
        (body, headers) => {
          calls.push({ k, body })
          return h(body, headers)
        },
      ]),
    ),
  )
  const view = renderRoute(<AgreementPanel offerId="o1" side="creator" {...props} />)
  return { fetch, calls, ...view }
}

/** typeCode fills the six code boxes. */
async function typeCode(code) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Digit 1' }), { target: { value: code } })
}

describe('AgreementPanel', () => {
  beforeEach(() => localStorage.setItem('access_token', 'tok'))

  it('shows the current terms with the usage line, the whole text, what changed old → new, and whose signature is missing', async () => {
    const { container } = show({})
    expect(await screen.findByText('Agreement · version 2')).toBeInTheDocument()
    expect(screen.getByText('Paid usage for 30 days after each post is published')).toBeInTheDocument()
    expect(screen.getByText('$1,100')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Agreement text, version 2' })).toHaveTextContent('Fee: 1100.00 usd.')
    const change = screen.getByText('Amount:').closest('li')
    expect(within(change).getByText('900.00').tagName).toBe('DEL')
    expect(within(change).getByText('1100.00').tagName).toBe('INS')
    expect(screen.getByText(/Bea Brand \(brand admin\)/)).toBeInTheDocument()
    expect(screen.getByTestId('agreement-waiting')).toHaveTextContent("Waiting for the creator's signature")
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).toBeNull()
    expect(screen.getByRole('form', { name: 'Sign version 2' })).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  it('shows a BRAND_VIEWER (canSign false) the agreement and events, never the sign form', async () => {
    show({ 'GET offers/o1/agreement': () => [200, { data: { agreement: agreement({ canSign: false }) } }] }, { side: null })
    expect(await screen.findByText('Agreement · version 2')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: /Sign version/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull()
    await userEvent.click(screen.getByText('Events'))
    expect(await screen.findByText(/Signed \(version 2\) · Bea Brand, brand admin/)).toBeInTheDocument()
  })

  it('offers the signed PDF once it is ready, through its signed link', async () => {
    const signedAll = agreement({
      offerStatus: 'accepted',
      missing: [],
      canSign: false,
      pdfReady: true,
      signatures: [...agreement().signatures, { versionId: 'v2', side: 'creator', name: 'Zoë Łukasiewicz', role: 'USER', signedAt: '2026-11-22T10:00:00Z' }],
    })
    const { calls } = show({
      'GET offers/o1/agreement': () => [200, { data: { agreement: signedAll } }],
      'GET offers/o1/agreement/pdf': () => [200, { data: { pdf: { url: '/api/agreements/pdf/p1?expires=1&sig=x', expiresAt: '2026-11-23T10:00:00Z', sha256: 'b'.repeat(64), textSha256: 'a'.repeat(64), version: 2, signedAt: '2026-11-22T10:00:00Z', signers: [] } } }],
    })
    expect(await screen.findByText('Signed by everyone')).toBeInTheDocument()
    let clicked = null
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function () {
      clicked = this.getAttribute('href')
    }
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Download signed PDF' }))
      await screen.findByRole('button', { name: 'Download signed PDF' })
      await new Promise((r) => setTimeout(r, 0))
    } finally {
      HTMLAnchorElement.prototype.click = click
    }
    expect(calls.map((c) => c.k)).toContain('GET offers/o1/agreement/pdf')
    expect(clicked).toBe('/api/agreements/pdf/p1?expires=1&sig=x')
  })

  it('checks the form before calling the API: consent, name, code, and the guardian when under 18', async () => {
    const { calls, container } = show({})
    await screen.findByRole('form', { name: 'Sign version 2' })
    await userEvent.click(screen.getByLabelText('I am under 18: my parent or guardian signs too.'))
    await userEvent.click(screen.getByRole('button', { name: 'Sign version 2' }))
    expect(await screen.findByText(MSG_CONSENT)).toBeInTheDocument()
    expect(screen.getByText(MSG_NAME)).toBeInTheDocument()
    expect(screen.getByText(MSG_CODE)).toBeInTheDocument()
    expect(screen.getByText(MSG_GUARDIAN_NAME)).toBeInTheDocument()
    expect(screen.getByText(MSG_GUARDIAN_EMAIL)).toBeInTheDocument()
    expect(calls.filter((c) => c.k.startsWith('POST'))).toEqual([])
    await expectNoAxeViolations(container)
  })

  it('mails a code, signs with the name and code, and sends the guardian for a minor', async () => {
    const { calls } = show({
      'POST offers/o1/agreement/code': () => [202, { data: { sentTo: 'zo****@example.com' } }],
      'POST offers/o1/agreement/sign': () => [200, { data: { agreement: agreement({ canSign: false, missing: ['guardian'], required: ['brand', 'creator', 'guardian'], guardian: { name: 'Jürgen', status: 'pending', expiresAt: '2026-11-29T10:00:00Z' } }) } }],
    })
    await screen.findByRole('form', { name: 'Sign version 2' })
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }))
    expect(await screen.findByText(/We sent a 6-digit code to zo\*\*\*\*@example.com/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Send a new code in/ })).toBeDisabled()
    await userEvent.click(screen.getByLabelText(/I agree to sign this agreement electronically/))
    await userEvent.type(screen.getByLabelText(/Your full name/), 'Zoë Łukasiewicz')
    await userEvent.click(screen.getByLabelText('I am under 18: my parent or guardian signs too.'))
    await userEvent.type(screen.getByLabelText(/Their full name/), 'Jürgen Weiß')
    await userEvent.type(screen.getByLabelText(/Their e-mail/), 'guardian@example.com')
    await typeCode('123456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign version 2' }))
    expect(await screen.findByText(/Signed\. Waiting for the creator's guardian's signature\./)).toBeInTheDocument()
    const sign = calls.find((c) => c.k === 'POST offers/o1/agreement/sign')
    expect(sign.body).toEqual({ versionId: 'v2', fullName: 'Zoë Łukasiewicz', code: '123456', consent: true, minor: true, guardian: { name: 'Jürgen Weiß', email: 'guardian@example.com' } })
  })

  it('shows the API errors on the fields: a wrong code (422 without fields) on the code, field errors by name', async () => {
    let n = 0
    show({
      'POST offers/o1/agreement/sign': () =>
        ++n === 1
          ? [422, { message: 'Invalid or expired code' }]
          : [422, { message: 'Please fix the highlighted fields', fields: { fullName: 'Type the name you sign with', 'guardian.email': 'Enter a valid e-mail' } }],
    })
    await screen.findByRole('form', { name: 'Sign version 2' })
    await userEvent.click(screen.getByLabelText(/I agree to sign this agreement electronically/))
    await userEvent.type(screen.getByLabelText(/Your full name/), 'Zoë')
    await typeCode('000000')
    await userEvent.click(screen.getByRole('button', { name: 'Sign version 2' }))
    const codeError = await screen.findAllByText('Invalid or expired code')
    expect(codeError.some((el) => el.classList.contains('invalid-feedback'))).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Sign version 2' }))
    const nameError = await screen.findAllByText('Type the name you sign with')
    expect(nameError.some((el) => el.classList.contains('invalid-feedback'))).toBe(true)
  })

  it('reloads the agreement on a 409 "This offer changed", so the new terms are reviewed first', async () => {
    let version = 'v2'
    show({
      'GET offers/o1/agreement': () => [200, { data: { agreement: version === 'v2' ? agreement() : agreement({ currentVersionId: 'v3', versions: [V1, V2, { ...V2, id: 'v3', number: 3, changes: [{ field: 'amount', label: 'Amount', old: '1100.00', new: '1200.00' }] }], signatures: [] }) } }],
      'POST offers/o1/agreement/sign': () => {
        version = 'v3'
        return [409, { message: 'This offer changed; review the new terms' }]
      },
    })
    await screen.findByRole('form', { name: 'Sign version 2' })
    await userEvent.click(screen.getByLabelText(/I agree to sign this agreement electronically/))
    await userEvent.type(screen.getByLabelText(/Your full name/), 'Zoë')
    await typeCode('123456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign version 2' }))
    expect(await screen.findByText('This offer changed; review the new terms')).toBeInTheDocument()
    expect(await screen.findByText('Agreement · version 3')).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Sign version 3' })).toBeInTheDocument()
    expect(screen.getByText('1200.00')).toBeInTheDocument()
  })
})

describe('GuardianSign', () => {
  const GUARDIAN = { offerId: 'o1', creatorName: 'Zoë Łukasiewicz', brandName: 'Acme Studio', versionNumber: 2, text: 'CREATOR AGREEMENT\nFee: 1100.00 usd.', terms: TERMS }

  it('shows the agreement logged out and signs with the typed name, once', async () => {
    localStorage.clear()
    let sent
    mockApi({
      'GET guardian/tok1': (_, headers) => {
        expect(headers.Authorization).toBeUndefined()
        return [200, { data: { guardian: GUARDIAN } }]
      },
      'POST guardian/tok1/sign': (body) => {
        sent = body
        return [200, { data: { signed: true } }]
      },
    })
    const { container } = renderRoute(<GuardianSign token="tok1" />, { path: '/guardian/:token', entry: '/guardian/tok1' })
    expect(await screen.findByRole('region', { name: 'Agreement text, version 2' })).toHaveTextContent('Fee: 1100.00 usd.')
    await expectNoAxeViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Sign as guardian' }))
    expect(await screen.findByText(MSG_CONSENT)).toBeInTheDocument()
    await userEvent.click(screen.getByLabelText(/parent or legal guardian/))
    await userEvent.type(screen.getByLabelText(/Your full name/), 'Jürgen Weiß')
    await userEvent.click(screen.getByRole('button', { name: 'Sign as guardian' }))
    expect(await screen.findByText(/Thank you: you signed Zoë Łukasiewicz's agreement with Acme Studio/)).toBeInTheDocument()
    expect(sent).toEqual({ fullName: 'Jürgen Weiß', consent: true })
  })

  it('says so when the link is used, expired or unknown', async () => {
    mockApi({ 'GET guardian/old': () => [404, { message: 'This signing link is invalid or has expired' }] })
    renderRoute(<GuardianSign token="old" />, { path: '/guardian/:token', entry: '/guardian/old' })
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This signing link is invalid or has expired')
    expect(screen.queryByRole('button', { name: 'Sign as guardian' })).toBeNull()
  })
})

describe('CampaignAgreements', () => {
  it("lists a campaign's offers with whose signature is missing; a BRAND_VIEWER opens the agreement without a sign form", async () => {
    localStorage.setItem('access_token', 'tok')
    const entry = (id, status, name) => ({ _id: id, rank: 1, score: 80, platform: 'instagram', estimatedFee: 900, reasons: [], creator: { name, tier: 'Mid', followers: 1000 }, offer: { status, amount: 1100, next: [] } })
    const fetch = mockApi({
      'GET campaigns/k1/roster': () => [200, { data: { roster: { campaignId: 'k1', status: 'completed', budget: 5000, estimatedTotal: 900, entries: [entry('o1', 'sent', 'Zoë Łukasiewicz'), entry('o2', 'draft', 'Dan Draft')] } } }],
      'GET campaigns/k1/agreements': () => [200, { data: { agreements: [{ offerId: 'o1', offerStatus: 'sent', currentVersionId: 'v2', versionNumber: 2, required: ['brand', 'creator'], missing: ['creator'], pdfReady: false, canSign: false }] } }],
      'GET offers/o1/agreement': () => [200, { data: { agreement: agreement({ canSign: false }) } }],
    })
    const { container } = renderRoute(<CampaignAgreements campaignId="k1" />)
    expect(await screen.findByText("Waiting for the creator's signature")).toBeInTheDocument()
    // The rows' states come from the one campaign-wide call: no agreement is loaded until one is opened.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/agreement')).map(([url]) => String(url).replace(/^.*\/api\//, ''))).toEqual(['campaigns/k1/agreements'])
    expect(screen.queryByText('Dan Draft')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'View agreement with Zoë Łukasiewicz' }))
    expect(await screen.findByText('Agreement · version 2')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: /Sign version/ })).toBeNull()
    await expectNoAxeViolations(container)
  })
})
