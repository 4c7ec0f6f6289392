import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderRoute } from '../../../../test-utils'
import { CoachChat } from '../coach-chat'
import { PlatformFilter } from '../platform-filter'
import { freeCredits } from '../credits'
import { subscriptionState } from '../../../../lib/subscription'
import { resetAuthStore, setUser } from '../../../../lib/auth-store'
import { answered, chat } from './chat-fixtures'


describe('credits', () => {
  it('follows the rule: 5 with no chats, 5 minus the first chat entries, floor 0', () => {
    expect(freeCredits([])).toBe(5)
    expect(freeCredits([{ data: [1, 2] }, { data: [1, 2, 3] }])).toBe(3)
    expect(freeCredits([{ data: [1, 2, 3, 4, 5, 6] }])).toBe(0)
  })
  it('counts no credit for an entry the coach could not answer, as the server does', () => {
    const failed = { _id: 'f', status: 'failed', reason: 'The coach could not answer this question right now. Please ask again.' }
    expect(freeCredits([{ data: [{ status: 'answered' }, failed, { status: 'pending' }] }])).toBe(3)
    expect(freeCredits([{ data: [1, 2, 3, 4].map(() => ({ status: 'answered' })).concat([failed]) }])).toBe(1)
  })
  it('reads the subscription flags', () => {
    const now = new Date('2026-11-20T00:00:00Z')
    expect(subscriptionState(null, now)).toBe('none')
    expect(subscriptionState({ active: true, endedAt: '2026-12-20T00:00:00Z' }, now)).toBe('subscribed')
    expect(subscriptionState({ active: false, endedAt: '2026-12-20T00:00:00Z' }, now)).toBe('cancelled')
    expect(subscriptionState({ active: false, endedAt: '2026-11-19T00:00:00Z' }, now)).toBe('expired')
  })
})

describe('CoachChat', () => {
  // Only a creator has social accounts: the platform filter asks for them as one.
  beforeEach(() => {
    resetAuthStore()
    setUser({ _id: 'u', name: 'Cleo', role: 'USER' })
  })

  it('asks, shows the pending answer, then the answer with labelled facts, and counts down the credits', async () => {
    let entries = [answered('e1', 'How am I doing?')]
    const fetch = mockApi({
      'GET chats': () => [200, chat(entries)],
      'GET subscriptions': () => [200, { data: { subscription: null } }],
      'POST chats': (body) => {
        entries = [...entries, { _id: 'e2', question: body.question, platform: null, status: 'pending', createdAt: '2026-11-20T10:01:00Z' }]
        return [201, { data: { entry: entries[1] } }]
      },
    })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByText('4 free questions left')).toBeInTheDocument()
    const facts = screen.getByText('Facts behind this answer').parentElement
    expect(within(facts).getByText('measured')).toBeInTheDocument()
    expect(within(facts).getByText('derived')).toBeInTheDocument()
    expect(within(facts).getByText('estimated')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Your question'), 'Which platform is doing best?')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('Your coach is looking at your numbers…')).toBeInTheDocument()
    expect(await screen.findByText('3 free questions left')).toBeInTheDocument()
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(post[1].body)).toEqual({ question: 'Which platform is doing best?' })
    entries = [entries[0], answered('e2', 'Which platform is doing best?')]
    await waitFor(() => expect(screen.queryByText('Your coach is looking at your numbers…')).not.toBeInTheDocument(), { timeout: 3000 })
  })

  it('checks the question before sending it', async () => {
    mockApi({ 'GET chats': () => [200, chat([])], 'GET subscriptions': () => [200, { data: { subscription: null } }] })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByText('5 free questions left')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'How am I doing?' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('Please enter a question')).toBeInTheDocument()
  })

  it('at zero credits calls to subscribe, leading to the settings page', async () => {
    const five = [1, 2, 3, 4, 5].map((i) => answered(`e${i}`, `Question ${i}`))
    mockApi({ 'GET chats': () => [200, chat(five)], 'GET subscriptions': () => [200, { data: { subscription: null } }] })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByText('0 free questions left')).toBeInTheDocument()
    expect(screen.getByText('You have used your 5 free questions. Subscribe to keep asking.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Your question')).not.toBeInTheDocument()
    // The settings page's subscription section (id="subscription").
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/account-settings#subscription')
    await userEvent.click(screen.getByRole('link', { name: 'Subscribe' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/account-settings')
  })

  it('a failed answer gives its question back: four answered and one failed leave 1 to ask', async () => {
    const entries = [1, 2, 3, 4].map((i) => answered(`e${i}`, `Question ${i}`))
    entries.push({ _id: 'e5', question: 'Question 5', platform: null, status: 'failed', createdAt: '2026-11-20T10:05:00Z', reason: 'The coach could not answer this question right now. Please ask again.' })
    mockApi({ 'GET chats': () => [200, chat(entries)], 'GET subscriptions': () => [200, { data: { subscription: null } }] })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByText('1 free question left')).toBeInTheDocument()
    expect(screen.getByText('The coach could not answer this question right now. Please ask again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Your question')).toBeInTheDocument()
  })

  it('a running subscription, even a cancelled one, keeps the input open', async () => {
    const five = [1, 2, 3, 4, 5].map((i) => answered(`e${i}`, `Question ${i}`))
    mockApi({
      'GET chats': () => [200, chat(five)],
      'GET subscriptions': () => [200, { data: { subscription: { active: false, endedAt: '2999-01-01T00:00:00Z' } } }],
    })
    renderRoute(<CoachChat />, { path: '/coach' })
    expect(await screen.findByLabelText('Your question')).toBeInTheDocument()
    expect(screen.queryByText(/free questions left/)).not.toBeInTheDocument()
  })

  it('the platform filter lists the connected platforms and scopes the chat list', async () => {
    const fetch = mockApi({
      'GET chats': () => [200, chat([])],
      'GET chats?platform=youtube': () => [200, chat([])],
      'GET subscriptions': () => [200, { data: { subscription: null } }],
      'GET accounts': () => [200, { data: { accounts: [{ platformName: 'youtube', status: 'connected' }, { platformName: 'instagram' }] } }],
    })
    renderRoute(
      <>
        <PlatformFilter />
        <CoachChat />
      </>,
      { path: '/coach' },
    )
    const select = await screen.findByLabelText('Filter By')
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All social platforms', 'Instagram', 'YouTube']))
    await userEvent.selectOptions(select, 'youtube')
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('chats?platform=youtube'))).toBe(true))
  })
})
