import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PublicKit } from '../public-kit'
import { KitSettings } from '../kit-settings'
import { bodyOf, kitSchema, valuesOf } from '../kit-schema'
import { expectNoAxeViolations, expectPublicPage, mockApi, renderRoute } from '../../../../test-utils'

const KIT = {
  slug: 'cleo',
  name: 'Cleo Creator',
  bio: 'Berlin-based fitness creator.',
  niche: 'Fitness & Health',
  handles: [{ platform: 'instagram', handle: 'cleo.fit' }],
  platforms: [{ platform: 'instagram', followers: 24000, asOf: '2026-11-27', basis: 'measured' }],
  campaigns: [
    { brand: 'Acme Studio', named: true, campaign: 'Autumn Lookbook', period: 'Oct 2026', posts: 1, views: { value: 12000, basis: 'measured' }, engagements: { value: 900, basis: 'measured' }, engagementRate: { value: 7.5, basis: 'derived' } },
    { brand: 'a beauty brand', named: false, period: 'Jul 2026', posts: 1, views: { value: null, basis: 'unavailable' }, engagements: { value: null, basis: 'unavailable' }, engagementRate: { value: null, basis: 'unavailable' } },
  ],
  rateCard: [{ id: '11111111-1111-4111-8111-111111111111', label: 'One Instagram post', priceCents: 45000 }],
  searchEngines: false,
  updatedAt: '2026-11-28T10:00:00Z',
}

const renderKit = () => renderRoute(<PublicKit slug="cleo" />, { path: '/kit/:slug', entry: '/kit/cleo' })

describe('PublicKit (the public /kit/{slug} page)', () => {
  beforeEach(() => localStorage.clear())

  it('shows the chosen fields, n/a for unreported figures, noindex, the PDF link and sign-up for visitors', async () => {
    const fetch = mockApi({ 'GET kits/cleo': () => [200, { data: { kit: KIT } }] })
    const { container } = renderKit()
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleo Creator' })).toBeInTheDocument()
    expect(screen.getByText('a beauty brand')).toBeInTheDocument()
    expect(screen.getAllByText('n/a').length).toBeGreaterThanOrEqual(2)
    expect(screen.getByText('$450')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/kits/cleo/pdf')
    expect(screen.getByRole('link', { name: 'Book One Instagram post' })).toHaveAttribute('href', '/signup')
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(screen.queryByRole('region', { name: 'Audience quality' })).toBeNull() // not chosen: absent
    await expectPublicPage(fetch, container)
  })

  it('says the kit is not published on a 404', async () => {
    mockApi({ 'GET kits/cleo': () => [404, { message: 'This media kit is not published' }] })
    const { container } = renderKit()
    expect(await screen.findByRole('heading', { level: 1, name: 'This media kit is not published' })).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })
})

describe('KitSettings (the creator\'s Media kit page)', () => {
  it('checks the address, then saves prices in cents', async () => {
    let sent
    mockApi({
      'GET kit': () => [200, { data: { kit: null, handles: [{ platform: 'instagram', handle: 'cleo.fit' }], campaigns: [] } }],
      'PUT kit': (body) => {
        sent = body
        return [200, { data: { kit: { ...body, rateCard: [{ id: '2', label: 'One Instagram post', priceCents: 45050 }] }, handles: [], campaigns: [] } }]
      },
    })
    const user = userEvent.setup()
    const { container } = renderRoute(<KitSettings />)
    const address = await screen.findByLabelText(/Address/)
    await user.type(address, 'a b')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("Use 3 to 30 letters, digits, '-' or '_'")).toBeInTheDocument()
    await user.clear(address)
    await user.type(address, 'cleo')
    await user.click(screen.getByRole('switch', { name: 'Published' }))
    await user.click(screen.getByRole('button', { name: 'Add “One Instagram post”' }))
    await user.type(screen.getByLabelText(/Price 1/), '450.5')
    await user.click(screen.getByRole('checkbox', { name: 'Instagram: @cleo.fit' }))
    await user.click(screen.getByRole('button', { name: 'Save and publish' }))
    await waitFor(() => expect(sent).toBeDefined())
    expect(sent).toMatchObject({ slug: 'cleo', published: true, handles: ['instagram'], rateCard: [{ label: 'One Instagram post', priceCents: 45050 }] })
    await expectNoAxeViolations(container)
  })

  it('round-trips values and validates like the server', async () => {
    const v = valuesOf({ slug: 'x_y', published: true, searchEngines: false, bio: '', show: { bio: true }, handles: [], campaignIds: [], rateCard: [{ id: 'a', label: 'Post', priceCents: 1999 }] })
    expect(v.rateCard[0].price).toBe('19.99')
    expect(bodyOf(v).rateCard).toEqual([{ id: 'a', label: 'Post', priceCents: 1999 }])
    await expect(kitSchema.validate({ ...v, slug: 'ab' })).rejects.toThrow()
    await expect(kitSchema.validate(v)).resolves.toBeTruthy()
  })
})
