import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BACKOFF_MS, FAIL_LIMIT, POLL_MS, useLiveEvents } from '../use-live-events'

/** FakeEventSource records every stream the hook opens; tests drive them with open(), emit() and fail(). */
class FakeEventSource {
  static all = []
  constructor(url) {
    this.url = url
    this.listeners = {}
    this.closed = false
    FakeEventSource.all.push(this)
  }
  addEventListener(type, fn) {
    ;(this.listeners[type] ??= []).push(fn)
  }
  close() {
    this.closed = true
  }
  dispatch(type, event = {}) {
    for (const fn of this.listeners[type] ?? []) fn(event)
  }
  open() {
    this.dispatch('open')
  }
  emit(type, id, data) {
    this.dispatch(type, { lastEventId: String(id), data: JSON.stringify(data) })
  }
  fail() {
    this.dispatch('error')
  }
}

const latest = () => FakeEventSource.all.at(-1)
const flush = () => act(async () => {})

/** expectRetryAt checks that the first backoff opens exactly one new stream, at `url`. */
async function expectRetryAt(url) {
  const n = FakeEventSource.all.length
  await act(async () => vi.advanceTimersByTimeAsync(BACKOFF_MS[0]))
  expect(FakeEventSource.all).toHaveLength(n + 1)
  expect(latest().url).toBe(url)
}

function setup(getTicket = vi.fn(async () => `t${FakeEventSource.all.length + 1}`)) {
  const onEvent = vi.fn()
  const onPoll = vi.fn()
  const view = renderHook(() => useLiveEvents({ onEvent, onPoll, getTicket, EventSourceImpl: /** @type {any} */ (FakeEventSource) }))
  return { ...view, onEvent, onPoll, getTicket }
}

describe('useLiveEvents', () => {
  beforeEach(() => {
    FakeEventSource.all = []
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens the stream with a ticket, never a token, and hands each thread event on', async () => {
    const { result, onEvent, getTicket } = setup()
    await flush()
    expect(getTicket).toHaveBeenCalledTimes(1)
    expect(latest().url).toBe('/api/events?ticket=t1')
    act(() => latest().open())
    expect(result.current).toBe('live')
    act(() => latest().emit('ready', 7, {}))
    act(() => latest().emit('thread', 8, { id: 8, kind: 'message', offerId: 'o1' }))
    expect(onEvent).toHaveBeenCalledWith({ id: 8, kind: 'message', offerId: 'o1' })
    expect(onEvent).toHaveBeenCalledTimes(1) // "ready" is a starting point, not an event
  })

  it('reconnects after a drop with a fresh ticket and resumes after the last id it saw', async () => {
    const { result } = setup()
    await flush()
    act(() => latest().open())
    act(() => latest().emit('thread', 41, { id: 41, kind: 'message', offerId: 'o1' }))
    const first = latest()
    act(() => first.fail())
    expect(first.closed).toBe(true)
    expect(result.current).toBe('connecting')
    expect(FakeEventSource.all).toHaveLength(1)
    await expectRetryAt('/api/events?ticket=t2&after=41')
  })

  it('backs off longer after each failure, then polls every 10 s and goes live again when a stream opens', async () => {
    const { result, onPoll } = setup()
    await flush()
    for (let i = 0; i < FAIL_LIMIT - 1; i++) {
      act(() => latest().fail())
      const n = FakeEventSource.all.length
      await act(async () => vi.advanceTimersByTimeAsync(BACKOFF_MS[i] - 1))
      expect(FakeEventSource.all).toHaveLength(n) // not before its backoff
      await act(async () => vi.advanceTimersByTimeAsync(1))
      expect(FakeEventSource.all).toHaveLength(n + 1)
    }
    act(() => latest().fail())
    expect(result.current).toBe('polling')
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS * 3))
    expect(onPoll).toHaveBeenCalledTimes(3)
    await act(async () => vi.advanceTimersByTimeAsync(60000 - POLL_MS * 3))
    act(() => latest().open())
    expect(result.current).toBe('live')
    const polls = onPoll.mock.calls.length
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS * 2))
    expect(onPoll).toHaveBeenCalledTimes(polls) // no polling while live (one catch-up refresh on return)
  })

  it('counts a refused ticket as a failure and retries', async () => {
    let n = 0
    const getTicket = vi.fn(async () => {
      n++
      if (n === 1) throw new Error('offline')
      return `t${n}`
    })
    setup(getTicket)
    await flush()
    expect(FakeEventSource.all).toHaveLength(0)
    await expectRetryAt('/api/events?ticket=t2')
  })

  it('closes the stream and stops every timer on unmount', async () => {
    const { unmount, getTicket } = setup()
    await flush()
    const es = latest()
    act(() => es.fail())
    unmount()
    expect(es.closed).toBe(true)
    await act(async () => vi.advanceTimersByTimeAsync(120000))
    expect(getTicket).toHaveBeenCalledTimes(1)
  })

  it('polls when the browser has no EventSource', async () => {
    const onPoll = vi.fn()
    const saved = globalThis.EventSource
    // @ts-ignore
    delete globalThis.EventSource
    const { result } = renderHook(() => useLiveEvents({ onEvent: vi.fn(), onPoll, getTicket: async () => 't' }))
    await flush()
    expect(result.current).toBe('polling')
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS))
    expect(onPoll).toHaveBeenCalledTimes(1)
    globalThis.EventSource = saved
  })
})
