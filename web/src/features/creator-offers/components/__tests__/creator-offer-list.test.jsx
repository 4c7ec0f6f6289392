import { describe, it, expect, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi, expectTexts } from '../../../../test-utils'
import { CreatorOfferList } from '../creator-offer-list'

const campaign = { _id: 'k1', name: 'Spring Fitness Push', goals: ['Brand awareness'], customGoal: '', startDate: '2026-12-01', endDate: '2026-12-31',
  deliverables: [{ platform: 'instagram', posts: 2, dueDate: '2026-12-10' }], brief: 'Show the serum in your morning routine.', instructions: 'Two reels',
  attachments: [{ key: 'f-mood', name: 'moodboard.png', type: 'image/png' }], contentVibes: ['Fun'], usageRights: '30_days', exclusivity: 'exclusive', guidelines: [{ key: 'f-book', name: 'brand-book.pdf', type: 'application/pdf' }],
  trackingTag: 'acmestudiospringfitnesspush' }
const offer = (over) => ({ _id: 'o1', status: 'sent', amount: 850, note: '', platform: 'instagram', updatedAt: null, sentAt: '2026-11-20T10:00:00Z',
  deadline: '2026-11-27T10:00:00Z', counterRounds: 0, next: ['accepted', 'declined', 'countered'], brand: { _id: 'b1', name: 'Acme Studio' }, campaign,
  posts: [], history: [{ at: '2026-11-20T10:00:00Z', side: 'brand', from: 'draft', to: 'sent', amount: 850, note: '' }], ...over })
const page = (offers) => [200, { data: { offers, total: offers.length, page: 1, limit: 10 } }]

describe('CreatorOfferList', () => {
  it('shows an offer with its brief and deadline, and counters it after a confirmation', async () => {
    let current = offer()
    let body
    mockApi({
      'GET offers?page=1&limit=10': () => page([current]),
      'POST offers/o1/counter': (b) => {
        body = b
        current = offer({ status: 'countered', amount: 1000, next: [] })
        return [200, { data: { offer: current, message: 'Counter sent' } }]
      },
    })
    renderRoute(<CreatorOfferList />)
    const card = await screen.findByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })
    expectTexts(['Waiting for you', 'Two reels', 'brand-book.pdf', 'moodboard.png', '2 Instagram posts by Dec 10, 2026', 'Show the serum in your morning routine.'], card)
    expect(within(card).queryByText('—')).toBeNull()
    expect(within(card).queryByText(/was detected/)).toBeNull()
    expect(within(card).getByText('#acmestudiospringfitnesspush').closest('p')).toHaveTextContent('Tag your posts with #acmestudiospringfitnesspush')
    expect(within(card).getByText(/Answer by/)).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Counter' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Review counter' }))
    expect(within(card).getByText('Enter an amount between $1 and $1,000,000')).toBeInTheDocument()
    await userEvent.type(within(card).getByLabelText('Your amount (USD)'), '1000')
    await userEvent.type(within(card).getByLabelText('Message to the brand (optional)'), 'Two reels and a story')
    await userEvent.click(within(card).getByRole('button', { name: 'Review counter' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send this counter?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter' }))
    expect(await screen.findByText('Countered')).toBeInTheDocument()
    expect(body).toEqual({ amount: 1000, message: 'Two reels and a story' })
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
  })

  it('shows the total in all with the fee and each paid usage add-on, and a fee alone as the amount', async () => {
    mockApi({
      'GET offers?page=1&limit=10': () => page([
        offer({ amount: 935, usageAddOns: [{ usage: '30_days', amountCents: 15000 }] }),
        offer({ _id: 'o2', campaign: { ...campaign, name: 'Autumn Lookbook' }, usageAddOns: [] }),
      ]),
    })
    renderRoute(<CreatorOfferList />)
    const card = await screen.findByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })
    expect(within(card).getByText('$1,085').closest('div')).toHaveTextContent('$1,085 in all')
    const lines = within(card).getByText('Fee').closest('dl')
    expect(lines).toHaveTextContent('Fee$935')
    expect(lines).toHaveTextContent('Paid usage for 30 days (add-on)$150')
    const plain = screen.getByRole('article', { name: 'Offer from Acme Studio for Autumn Lookbook' })
    expect(within(plain).getByText('$850')).toBeInTheDocument()
    expect(within(plain).queryByText(/in all/)).toBeNull()
  })

  it('declines with a reason and shows no controls on a terminal offer', async () => {
    let body
    mockApi({
      'GET offers?page=1&limit=10': () => page([offer(), offer({ _id: 'o2', status: 'accepted', next: [], campaign: { ...campaign, name: 'Autumn Lookbook' } })]),
      'POST offers/o1/decline': (b) => ((body = b), [200, { data: { offer: offer({ status: 'declined', next: [] }), message: 'Offer declined' } }]),
    })
    renderRoute(<CreatorOfferList />)
    const done = await screen.findByRole('article', { name: 'Offer from Acme Studio for Autumn Lookbook' })
    // only the attachments' download links remain on a terminal offer
    expect(within(done).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Download brand-book.pdf', 'Download moodboard.png'])
    const card = screen.getByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    await userEvent.type(within(card).getByLabelText('Why do you decline?'), 'Booked that month')
    await userEvent.click(within(card).getByRole('button', { name: 'Review decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline offer' }))
    await screen.findByText('Offer declined')
    expect(body).toEqual({ reason: 'Booked that month' })
  })

  it('lists waiting offers as the server orders them and says a captured post was detected, with its link', async () => {
    const done = offer({ _id: 'o3', status: 'accepted', next: [], campaign: { ...campaign, name: 'Holiday Glow' },
      posts: [{ platform: 'instagram', url: 'https://www.instagram.com/p/abc/', publishedAt: '2026-12-05T09:00:00Z', capturedAt: '2026-12-05T10:00:00Z' }] })
    mockApi({ 'GET offers?page=1&limit=10': () => page([offer(), done]) })
    renderRoute(<CreatorOfferList />)
    const cards = await screen.findAllByRole('article')
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Offer from Acme Studio for Spring Fitness Push', 'Offer from Acme Studio for Holiday Glow'])
    expect(within(cards[1]).getByRole('status')).toHaveTextContent('Your post was detected')
    expect(within(cards[1]).getByRole('link', { name: 'Instagram post of Dec 5, 2026' })).toHaveAttribute('href', 'https://www.instagram.com/p/abc/')
  })

  it('accepting is signing: "Review and sign" opens the agreement with the creator\'s sign form; a terminal offer shows "View agreement"', async () => {
    mockApi({
      'GET offers?page=1&limit=10': () => page([offer(), offer({ _id: 'o2', status: 'accepted', next: [], campaign: { ...campaign, name: 'Autumn Lookbook' } })]),
    })
    const Panel = ({ offerId, side }) => <div data-testid={`panel-${offerId}`}>{side}</div>
    renderRoute(<CreatorOfferList agreement={{ Panel }} />)
    const card = await screen.findByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull()
    const review = within(card).getByRole('button', { name: 'Review and sign' })
    expect(review).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(review)
    expect(within(card).getByTestId('panel-o1')).toHaveTextContent('creator')
    expect(review).toHaveAttribute('aria-expanded', 'true')
    const done = screen.getByRole('article', { name: 'Offer from Acme Studio for Autumn Lookbook' })
    await userEvent.click(within(done).getByRole('button', { name: 'View agreement' }))
    expect(within(done).getByTestId('panel-o2')).toBeInTheDocument()
    expect(within(done).getByRole('button', { name: 'Hide agreement' })).toBeInTheDocument()
  })
  it('downloads an attachment through a fresh signed link', async () => {
    const api = mockApi({
      'GET offers?page=1&limit=10': () => page([offer()]),
      'GET offers/o1/attachments/f-book': () => [200, { data: { file: { key: 'f-book', name: 'brand-book.pdf', type: 'application/pdf',
        url: '/api/files/f-book?expires=1&sig=s', expiresAt: '2026-11-29T10:00:00Z' } } }],
    })
    const clicked = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function () { clicked.push([this.getAttribute('href'), this.download]) })
    renderRoute(<CreatorOfferList />)
    const card = await screen.findByRole('article', { name: 'Offer from Acme Studio for Spring Fitness Push' })
    expect(within(card).getByRole('button', { name: 'Download moodboard.png' })).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Download brand-book.pdf' }))
    await vi.waitFor(() => expect(clicked).toEqual([['/api/files/f-book?expires=1&sig=s', 'brand-book.pdf']]))
    expect(api.mock.calls.some(([url]) => String(url).endsWith('offers/o1/attachments/f-book'))).toBe(true)
    click.mockRestore()
  })
})
