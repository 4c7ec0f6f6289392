import { describe, it, expect } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BrandKitConsent, unnamedAs } from '../brand-consent'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'

const KITS = [{ slug: 'cleo', name: 'Cleo Creator', campaigns: ['Autumn Lookbook'] }]

describe('BrandKitConsent (the brand\'s Media kits page)', () => {
  it('lists the kits that show the brand\'s campaigns, consents, then withdraws', async () => {
    const sent = []
    let consent = { namedInKits: false, industry: 'Fashion' }
    mockApi({
      'GET kit/brand-consent': () => [200, { data: { consent, kits: KITS } }],
      'PUT kit/brand-consent': (body) => {
        sent.push(body)
        consent = body
        return [200, { data: { consent, kits: KITS } }]
      },
    })
    const user = userEvent.setup()
    const { container } = renderRoute(<BrandKitConsent />)
    const list = await screen.findByRole('list', { name: 'Media kits that show your campaigns' })
    expect(within(list).getByRole('link', { name: 'Cleo Creator' })).toHaveAttribute('href', '/kit/cleo')
    expect(within(list).getByText('a fashion brand')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /No, do not name us/ })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await expectNoAxeViolations(container)

    await user.click(screen.getByRole('radio', { name: /Yes, kits may name us/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toEqual([{ namedInKits: true, industry: 'Fashion' }]))
    expect(await within(list).findByText("your brand's name")).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /No, do not name us/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent[1]).toEqual({ namedInKits: false, industry: 'Fashion' }))
  })

  it('checks the industry like the server and says when no kit shows the brand', async () => {
    let calls = 0
    mockApi({
      'GET kit/brand-consent': () => [200, { data: { consent: { namedInKits: false, industry: '' }, kits: [] } }],
      'PUT kit/brand-consent': () => {
        calls++
        return [200, { data: { consent: { namedInKits: false, industry: '' }, kits: [] } }]
      },
    })
    const user = userEvent.setup()
    renderRoute(<BrandKitConsent />)
    expect(await screen.findByText('No published media kit shows your campaigns yet.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Your industry/), 'Fashion 2026')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("Use up to 40 letters, spaces, '-' or '&'")).toBeInTheDocument()
    expect(calls).toBe(0)
    expect(unnamedAs('')).toBe('a brand')
    expect(unnamedAs(' Food & Drink ')).toBe('a food & drink brand')
  })
})
