import { describe, it, expect } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { VerifyAgreement, MSG_BAD_HASH, MSG_NEED_INPUT } from '../verify-agreement'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'

const HASH = 'a'.repeat(64)
const SIGNED = {
  result: 'signed',
  message: 'Signed: this agreement was signed with this product and is unchanged.',
  sha256: HASH,
  version: 2,
  templateVersion: '1',
  signedAt: '2026-11-02T10:30:00Z',
  signers: [
    { name: 'Jürgen Weiß', role: 'Brand', at: '2026-11-02T09:30:00Z' },
    { name: 'Zoë Łukasiewicz', role: 'Creator', at: '2026-11-02T10:30:00Z' },
  ],
}

function show(routes) {
  const fetch = mockApi(routes)
  const view = renderRoute(<VerifyAgreement />, { path: '/verify' })
  return { fetch, ...view }
}

describe('VerifyAgreement', () => {
  it('asks for a PDF or a hash, and refuses a malformed hash', async () => {
    const { fetch, container } = show({})
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText(MSG_NEED_INPUT)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/Or its SHA-256/), 'abc')
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText(MSG_BAD_HASH)).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
    await expectNoAxeViolations(container)
  })

  it('shows a signed agreement: version, time and the signers by name, logged out', async () => {
    let sent
    const { fetch, container } = show({
      'POST verify': (body, headers) => {
        sent = { body, headers }
        return [200, { data: { verify: SIGNED } }]
      },
    })
    await userEvent.type(screen.getByLabelText(/Or its SHA-256/), HASH)
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByRole('heading', { name: 'Signed and unchanged' })).toBeInTheDocument()
    expect(screen.getByText(/Zoë Łukasiewicz \(Creator\)/)).toBeInTheDocument()
    expect(screen.getByText(/Jürgen Weiß \(Brand\)/)).toBeInTheDocument()
    expect(sent.body).toEqual({ sha256: HASH })
    expect(sent.headers.Authorization).toBeUndefined()
    expect(fetch).toHaveBeenCalledTimes(1)
    await expectNoAxeViolations(container)
  })

  it('says when a document is altered or unknown', async () => {
    let n = 0
    show({
      'POST verify': () => [200, { data: { verify: { ...SIGNED, result: ++n === 1 ? 'altered' : 'unknown', message: 'Not the signed PDF.', version: null, templateVersion: null, signedAt: null, signers: [] } } }],
    })
    await userEvent.type(screen.getByLabelText(/Or its SHA-256/), HASH)
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByRole('heading', { name: 'Altered' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByRole('heading', { name: 'Unknown' })).toBeInTheDocument()
    expect(screen.queryByText(/Signed by/)).not.toBeInTheDocument()
  })
})
