import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, renderRoute } from '../../../../test-utils'
import { ThreadView } from '../thread-view'
import { splitLinks } from '../message-text'
import { THREAD_EVENT } from '../../api/thread-keys'

const OFFER = '11111111-1111-4111-8111-111111111111'

function head(over = {}) {
  return {
    _id: OFFER,
    status: 'accepted',
    amount: 500,
    platform: 'instagram',
    campaign: { _id: '22222222-2222-4222-8222-222222222222', name: 'Spring Fitness Push', trackingTag: 'springfit' },
    brand: { _id: 'b', name: 'FitCo' },
    creator: { _id: 'c', name: 'Cleo' },
    side: 'brand',
    canWrite: true,
    readOnly: false,
    lastReadId: 0,
    unread: 0,
    ...over,
  }
}

const MESSAGE = {
  _id: 'message-3',
  kind: 'message',
  at: '2026-03-01T10:00:00Z',
  side: 'creator',
  mine: false,
  author: 'Cleo',
  body: 'Pay me by PayPal? See https://evil.example.com/path?x=1 <b>bold</b>',
  offPlatform: ['PayPal'],
  attachments: [],
}
const DRAFT = {
  _id: 'draft-9',
  kind: 'draft',
  at: '2026-03-01T09:00:00Z',
  version: 2,
  platform: 'instagram',
  caption: 'New shoes',
  link: '',
  media: [],
  missing: ['disclosure', '#springfit'],
  status: 'submitted',
  review: null,
}

function api(thread, items, extra = {}) {
  const calls = []
  mockApi({
    [`GET threads/${OFFER}?limit=20`]: () => [200, { data: { thread, items, nextBefore: '' } }],
    [`POST threads/${OFFER}/read`]: () => [200, { data: { unread: 0 } }],
    'GET threads/unread': () => [200, { data: { total: 0, threads: [] } }],
    ...Object.fromEntries(
      Object.entries(extra).map(([k, fn]) => [
        k,
        (body) => {
          calls.push([k, body])
          return fn(body)
        },
      ]),
    ),
  })
  return calls
}

describe('ThreadView', () => {
  it('shows links as text naming their host, never HTML, and the off-platform notice', async () => {
    api(head(), [MESSAGE])
    renderRoute(<ThreadView offerId={OFFER} />)
    const link = await screen.findByRole('link', { name: /evil\.example\.com\/path\?x=1/ })
    expect(link).toHaveAttribute('href', 'https://evil.example.com/path?x=1')
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
    expect(screen.getByText(/<b>bold<\/b>/)).toBeInTheDocument()
    expect(document.querySelector('b')).toBeNull()
    expect(screen.getByRole('note')).toHaveTextContent('mentions PayPal')
  })

  it('lets the brand request changes with a comment and marks the disclosure gaps', async () => {
    const calls = api(head(), [DRAFT], {
      [`POST threads/${OFFER}/drafts/9/review`]: () => [200, { data: { draft: { ...DRAFT, status: 'changes_requested' } } }],
    })
    const user = userEvent.setup()
    renderRoute(<ThreadView offerId={OFFER} />)
    const draft = await screen.findByRole('article', { name: 'Draft version 2' })
    expect(draft).toHaveTextContent('lacks a paid-partnership word (#ad, #sponsored…) and the campaign tag #springfit')
    await user.click(within(draft).getByRole('button', { name: 'Request changes' }))
    await user.click(within(draft).getByRole('button', { name: 'Send back for changes' }))
    expect(within(draft).getByRole('alert')).toHaveTextContent('Say what to change.')
    await user.type(within(draft).getByLabelText('What should change?'), 'Add #ad please')
    await user.click(within(draft).getByRole('button', { name: 'Send back for changes' }))
    await waitFor(() => expect(calls).toEqual([[`POST threads/${OFFER}/drafts/9/review`, { decision: 'request_changes', comment: 'Add #ad please' }]]))
  })

  it('warns the creator of a missing disclosure before the draft goes, then submits on "Submit anyway"', async () => {
    const calls = api(head({ side: 'creator' }), [], {
      [`POST threads/${OFFER}/drafts/check`]: () => [200, { data: { missing: ['disclosure'] } }],
      [`POST threads/${OFFER}/drafts`]: () => [201, { data: { draft: DRAFT } }],
    })
    const user = userEvent.setup()
    renderRoute(<ThreadView offerId={OFFER} />)
    await user.type(await screen.findByLabelText('Caption'), 'My new shoes')
    await user.click(screen.getByRole('button', { name: 'Submit draft' }))
    expect(await screen.findByText(/The caption lacks a paid-partnership word/)).toBeInTheDocument()
    expect(calls.map((c) => c[0])).toEqual([`POST threads/${OFFER}/drafts/check`])
    await user.click(screen.getByRole('button', { name: 'Submit anyway' }))
    await waitFor(() => expect(calls.map((c) => c[0])).toContain(`POST threads/${OFFER}/drafts`))
    expect(calls.at(-1)[1]).toEqual({ caption: 'My new shoes', platform: 'instagram', link: '', media: [] })
  })

  it('counts the characters of a message and sends it', async () => {
    const calls = api(head(), [], { [`POST threads/${OFFER}/messages`]: () => [201, { data: { message: MESSAGE } }] })
    const user = userEvent.setup()
    renderRoute(<ThreadView offerId={OFFER} />)
    const box = await screen.findByLabelText('Message')
    expect(box).toHaveAttribute('maxLength', '4000')
    await user.type(box, 'Hello')
    expect(screen.getByText('5 / 4,000 characters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(calls).toEqual([[`POST threads/${OFFER}/messages`, { body: 'Hello', attachments: [] }]]))
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('gives a BRAND_VIEWER and a closed thread no composer, with the reason', async () => {
    api(head({ canWrite: false }), [MESSAGE])
    const { unmount } = renderRoute(<ThreadView offerId={OFFER} />)
    expect(await screen.findByText(/Your role cannot write in it/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Message')).toBeNull()
    unmount()
    api(head({ canWrite: false, readOnly: true, status: 'declined' }), [])
    renderRoute(<ThreadView offerId={OFFER} />)
    expect(await screen.findByText(/closed: the offer was declined more than 30 days ago/)).toBeInTheDocument()
  })

  it('marks an unread thread read and refetches on a live event for its offer', async () => {
    let n = 0
    const fetch = mockApi({
      [`GET threads/${OFFER}?limit=20`]: () => {
        n++
        return [200, { data: { thread: head({ unread: n === 1 ? 2 : 0 }), items: n === 1 ? [] : [MESSAGE], nextBefore: '' } }]
      },
      [`POST threads/${OFFER}/read`]: () => [200, { data: { unread: 0 } }],
      'GET threads/unread': () => [200, { data: { total: 0, threads: [] } }],
    })
    renderRoute(<ThreadView offerId={OFFER} />)
    await screen.findByText('No messages yet.')
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/read') && init.method === 'POST')).toBe(true))
    act(() => {
      window.dispatchEvent(new CustomEvent(THREAD_EVENT, { detail: { id: 5, kind: 'message', offerId: 'another' } }))
      window.dispatchEvent(new CustomEvent(THREAD_EVENT, { detail: { id: 6, kind: 'message', offerId: OFFER } }))
    })
    expect(await screen.findByRole('article', { name: 'Message from Cleo' })).toBeInTheDocument()
    expect(n).toBe(2)
  })
})

describe('ThreadView in a hidden tab', () => {
  it('marks the thread read only once the tab is seen', async () => {
    const fetch = mockApi({
      [`GET threads/${OFFER}?limit=20`]: () => [200, { data: { thread: head({ unread: 1 }), items: [MESSAGE], nextBefore: '' } }],
      [`POST threads/${OFFER}/read`]: () => [200, { data: { unread: 0 } }],
      'GET threads/unread': () => [200, { data: { total: 0, threads: [] } }],
    })
    const reads = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/read')).length
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    try {
      renderRoute(<ThreadView offerId={OFFER} />)
      await screen.findByRole('article', { name: 'Message from Cleo' })
      await new Promise((r) => setTimeout(r, 50))
      expect(reads()).toBe(0)
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
      await waitFor(() => expect(reads()).toBe(1))
    } finally {
      // @ts-ignore
      delete document.visibilityState
    }
  })
})

describe('splitLinks', () => {
  it('keeps only http(s) links and puts the host first in the label', () => {
    expect(splitLinks('see javascript:alert(1) and https://a.example/x.')).toEqual([
      { text: 'see javascript:alert(1) and ' },
      { url: 'https://a.example/x', host: 'a.example', label: 'a.example/x' },
      { text: '.' },
    ])
  })
})
