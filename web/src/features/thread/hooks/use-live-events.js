import { useEffect, useRef, useState } from 'react'
import { API_BASE } from '../../../config/app'
import { getEventTicket } from '../api/event-ticket'

/** Waits before the nth reconnect (the last one repeats), in milliseconds. */
export const BACKOFF_MS = [500, 1000, 2000, 5000, 10000, 30000]
/** Polling interval once the stream has failed FAIL_LIMIT times in a row. */
export const POLL_MS = 10000
/** Consecutive failures (no stream opened) after which the page polls instead. */
export const FAIL_LIMIT = 3
/** While polling, how often the stream is tried again. */
export const RETRY_WHILE_POLLING_MS = 60000

/**
 * streamUrl is the events stream for `ticket`, replaying the events after `lastId` (when known). The ticket is
 * single-use, so every (re)connect takes a new one and passes its last id as `after`.
 * @param {string} ticket
 * @param {string | null} lastId
 */
export function streamUrl(ticket, lastId) {
  const q = new URLSearchParams({ ticket })
  if (lastId) q.set('after', lastId)
  return `${API_BASE}events?${q}`
}

/**
 * LiveEvent is the data of a `thread` event of GET /api/events: the event's number, what happened (message, move,
 * draft or review) and the offer whose thread it is.
 * @typedef {{id: number, kind: string, offerId: string}} LiveEvent
 */

/** @typedef {'connecting' | 'live' | 'polling'} LiveMode */

/**
 * useLiveEvents keeps one server-sent events stream open while `enabled` and calls onEvent(data) for every
 * `thread` event ({id, kind, offerId}); the caller refetches what it shows. A dropped stream reconnects with
 * backoff (BACKOFF_MS) and resumes after the last event id it saw, so nothing is missed. After FAIL_LIMIT
 * failures in a row (proxies that buffer, no EventSource) it calls onPoll every POLL_MS instead, trying the
 * stream again every RETRY_WHILE_POLLING_MS. Answers the mode: 'connecting', 'live' or 'polling'.
 * @param {{enabled?: boolean, onEvent: (e: LiveEvent) => void, onPoll?: () => void,
 *   getTicket?: () => Promise<string>, EventSourceImpl?: typeof EventSource}} opts
 * @returns {LiveMode}
 */
export function useLiveEvents({ enabled = true, onEvent, onPoll, getTicket = getEventTicket, EventSourceImpl }) {
  const [mode, setMode] = useState(/** @type {LiveMode} */ ('connecting'))
  const handlers = useRef({ onEvent, onPoll })
  useEffect(() => {
    handlers.current = { onEvent, onPoll }
  })

  useEffect(() => {
    if (!enabled) return undefined
    const ES = EventSourceImpl ?? globalThis.EventSource
    let closed = false
    /** @type {EventSource | null} */
    let es = null
    /** @type {ReturnType<typeof setTimeout> | null} */
    let timer = null
    /** @type {ReturnType<typeof setInterval> | null} */
    let poller = null
    let failures = 0
    /** @type {string | null} */
    let lastId = null

    const startPolling = () => {
      if (poller) return
      setMode('polling')
      poller = setInterval(() => handlers.current.onPoll?.(), POLL_MS)
    }
    const stopPolling = () => {
      if (poller) clearInterval(poller)
      poller = null
    }
    const schedule = () => {
      if (closed) return
      failures += 1
      if (failures >= FAIL_LIMIT) startPolling()
      const wait = poller ? RETRY_WHILE_POLLING_MS : BACKOFF_MS[Math.min(failures - 1, BACKOFF_MS.length - 1)]
      timer = setTimeout(connect, wait)
    }
    const remember = (/** @type {MessageEvent} */ e) => {
      if (e.lastEventId) lastId = e.lastEventId
    }

    async function connect() {
      timer = null
      if (closed) return
      if (!ES) {
        startPolling()
        return
      }
      let ticket
      try {
        ticket = await getTicket()
      } catch {
        schedule()
        return
      }
      if (closed) return
      const source = new ES(streamUrl(ticket, lastId))
      es = source
      let opened = false
      source.addEventListener('ready', (e) => {
        remember(e)
      })
      source.addEventListener('open', () => {
        opened = true
        const wasPolling = Boolean(poller)
        failures = 0
        stopPolling()
        setMode('live')
        // Back from polling: one refresh covers what the last poll may have missed.
        if (wasPolling) handlers.current.onPoll?.()
      })
      source.addEventListener('thread', (e) => {
        remember(e)
        /** @type {LiveEvent} */
        let data
        try {
          data = JSON.parse(e.data)
        } catch {
          return
        }
        handlers.current.onEvent(data)
      })
      source.addEventListener('error', () => {
        // The ticket is single-use: EventSource's own retry would be refused, so close and reconnect here.
        source.close()
        if (es !== source || closed) return
        es = null
        if (opened) failures = 0
        if (!poller) setMode('connecting')
        schedule()
      })
    }

    connect()
    return () => {
      closed = true
      if (timer) clearTimeout(timer)
      stopPolling()
      es?.close()
    }
  }, [enabled, getTicket, EventSourceImpl])

  return mode
}
