import { describe, it, expect, beforeEach } from 'vitest'
import { act, screen, within, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderRoute } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'
import { CreatorQuality } from '../creator-quality'
import { WhatBrandsSee } from '../what-brands-see'

const days = Array.from({ length: 60 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10)
  return { day: d, followers: 10000 + i * 20 + (i >= 45 ? 3000 : 0) + (i >= 30 ? 2500 : 0), activity: i === 30 ? 15000 : 3000 }
})

/** reading builds a creator's reading with a viral (explained) day and an unexplained jump. */
function reading(annotations = []) {
  return {
    score: 58,
    basis: 'derived',
    reason: '',
    accounts: [
      {
        platform: 'instagram',
        score: 58,
        reason: '',
        computedAt: '2026-10-31T06:00:00Z',
        annotations,
        days,
        reading: {
          score: 58,
          from: '2026-09-01T00:00:00Z',
          to: '2026-10-30T00:00:00Z',
          days: 60,
          computed_at: '2026-10-31T06:00:00Z',
          components: [
            {
              key: 'live_audience',
              score: 100,
              text: '21.4 % of followers reached a day, read against 10 %',
              facts: [
                { label: 'average daily reach', value: 3400, basis: 'measured' },
                { label: 'live audience rate', value: 0.214, basis: 'derived' },
              ],
            },
            {
              key: 'follower_spikes',
              score: 60,
              text: 'unexplained follower growth: 3000 followers on 1 occasion(s) without a rise in reach',
              facts: [{ label: 'unexplained spikes', value: 1, basis: 'derived' }],
            },
            { key: 'engagement', score: -1, text: 'this platform reports no views to weigh engagement against', facts: null },
          ],
          spikes: [
            { day: '2026-10-01T00:00:00Z', gain: 2500, score: 80, days: 1, explained: true, followers: 13100, activity: 15000 },
            { day: '2026-10-16T00:00:00Z', gain: 3000, score: 95, days: 1, explained: false, followers: 16400, activity: 3000 },
          ],
        },
      },
    ],
  }
}

beforeEach(() => resetToasts())

describe('CreatorQuality (the profile card brands read)', () => {
  it('shows the figure, components with facts and basis, window and date, and the spikes by kind', async () => {
    mockApi({ 'GET creators/c1/quality': () => [200, { data: { quality: reading([{ day: '2026-10-16', note: 'giveaway with @brand' }]) } }] })
    renderRoute(<CreatorQuality id="c1" />)
    const card = await screen.findByRole('region', { name: 'Audience quality' })
    expect(within(card).getByLabelText('Audience quality 58 out of 100')).toBeInTheDocument()
    expect(within(card).getByText(/Window Sep 1, 2026 – Oct 30, 2026 \(60 days of measured data\)/)).toBeInTheDocument()
    expect(within(card).getByRole('heading', { name: 'Live audience' })).toBeInTheDocument()
    expect(within(card).getByText('average daily reach').nextSibling).toHaveTextContent('3,400 Measured')
    expect(within(card).getByText('live audience rate').nextSibling).toHaveTextContent('21.4 % Derived')
    // A component the platform's data cannot give is n/a, never 0.
    expect(within(card).getByRole('heading', { name: 'Engagement consistency' }).nextSibling).toHaveTextContent('n/a')
    expect(within(card).getByRole('button', { name: 'Explained follower spike on Oct 1, 2026' })).toHaveClass('cc-spike-explained')
    expect(within(card).getByRole('button', { name: /Unexplained follower spike on Oct 16, 2026, with the creator’s note/ })).toHaveClass('cc-spike-unexplained')
    // The table alternative lists both with the note beside the unexplained one.
    const table = within(card).getByRole('table', { name: 'Instagram: follower spikes' })
    const rows = within(table).getAllByRole('row')
    expect(rows[2]).toHaveTextContent('+3,000')
    expect(rows[2]).toHaveTextContent('Unexplained follower growth')
    expect(rows[2]).toHaveTextContent('giveaway with @brand')
    expect(card.textContent).not.toMatch(/fake|fraud/i)
  })

  it("shows the day's figures on keyboard focus and on hover", async () => {
    mockApi({ 'GET creators/c1/quality': () => [200, { data: { quality: reading([{ day: '2026-10-16', note: 'giveaway with @brand' }]) } }] })
    const user = userEvent.setup()
    renderRoute(<CreatorQuality id="c1" />)
    const jump = await screen.findByRole('button', { name: /Unexplained follower spike on Oct 16/ })
    expect(screen.queryByRole('tooltip')).toBeNull()
    act(() => jump.focus())
    const tip = await screen.findByRole('tooltip')
    expect(jump).toHaveAttribute('aria-describedby', tip.id)
    expect(tip).toHaveTextContent('+3,000 followers in a day')
    expect(tip).toHaveTextContent('Reach that day: 3,000')
    expect(tip).toHaveTextContent('Creator’s note: “giveaway with @brand”')
    act(() => jump.blur())
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    await user.hover(screen.getByRole('button', { name: /Explained follower spike on Oct 1/ }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Explained: reach rose with it')
  })

  it('tells an imported creator apart: connect accounts for a verified reading', async () => {
    mockApi({ 'GET creators/c2/quality': () => [200, { data: { quality: { score: null, basis: 'unavailable', reason: 'connect accounts for a verified reading', accounts: [] } } }] })
    renderRoute(<CreatorQuality id="c2" />)
    expect(await screen.findByText('Connect accounts for a verified reading.')).toBeInTheDocument()
    expect(screen.getByText('n/a')).toBeInTheDocument()
  })
})

describe('WhatBrandsSee (the creator dashboard card)', () => {
  it('annotates a spike; the note is sent and shown; a note over the limit shows the server message', async () => {
    let notes = []
    const sent = []
    mockApi({
      'GET quality/me': () => [200, { data: { quality: reading(notes) } }],
      'PUT quality/annotations': (body) => {
        sent.push(body)
        if (body.note === 'too long') return [422, { message: 'Invalid', fields: { note: 'A note is at most 280 characters' } }]
        notes = [{ day: body.day, note: body.note }]
        return [200, { data: { quality: reading(notes) } }]
      },
      'POST quality/review': (body) => [201, { data: { review: { id: 'r1', message: body.message, requestedAt: '2026-10-31T07:00:00Z' } } }],
    })
    const user = userEvent.setup()
    renderRoute(<WhatBrandsSee />)
    await screen.findByRole('region', { name: 'What brands see' })
    await user.click(await screen.findByRole('button', { name: 'Add a note on Oct 16, 2026' }))
    const box = screen.getByLabelText('Note brands see beside the spike of Oct 16, 2026')
    expect(box).toHaveAttribute('maxLength', '280')
    await user.type(box, 'too long')
    await user.click(screen.getByRole('button', { name: 'Save note' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A note is at most 280 characters')
    await user.clear(box)
    await user.type(box, 'giveaway with @brand on 3 Nov')
    await user.click(screen.getByRole('button', { name: 'Save note' }))
    expect(await screen.findByText('giveaway with @brand on 3 Nov')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({ platform: 'instagram', day: '2026-10-16', note: 'giveaway with @brand on 3 Nov' })

    await user.click(screen.getByRole('button', { name: 'Request review' }))
    await user.type(screen.getByLabelText(/What should the admin look at/), 'The jump was a TV feature')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Review requested: an admin will look at your reading.')).toBeInTheDocument()
  })
})
