import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { expect, vi } from 'vitest'
import { resetAuthStore } from './lib/auth-store'
import { Toaster, resetToasts } from './lib/toast'

/**
 * mockApi replaces fetch with a table of "METHOD path" → handler(body, headers)
 * returning [status, json]. Unknown calls answer 404. Returns the vi.fn.
 */
export function mockApi(routes) {
  const fn = vi.fn(async (url, init = {}) => {
    const method = init.method || 'GET'
    const path = String(url).replace(/^\/api\//, '')
    const handler = routes[`${method} ${path}`]
    const body = init.body ? JSON.parse(init.body) : undefined
    const [status, json] = handler ? await handler(body, init.headers || {}) : [404, { message: 'not found' }]
    // A 204 cannot carry a body, not even an empty one.
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  globalThis.fetch = fn
  return fn
}

/** LocationProbe renders the current path and router state for assertions. */
export function LocationProbe() {
  const location = useLocation()
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  )
}

/** renderRoute renders `element` at `path` inside a MemoryRouter starting at `entry`. */
export function renderRoute(element, { path = '/', entry = path, state, hash = '' } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[{ pathname: entry, state, hash }]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </SWRConfig>,
  )
}

/**
 * installFakeXHR replaces XMLHttpRequest with a recorder for upload tests:
 * every request lands in `sent` (method, url, headers, body) and is answered
 * with req.respond(status, json) or req.onerror(). restore() puts the real one back.
 */
export function installFakeXHR() {
  const original = globalThis.XMLHttpRequest
  const sent = []
  class FakeXHR {
    constructor() {
      this.headers = {}
      this.upload = {}
      sent.push(this)
    }
    open(method, url) {
      this.method = method
      this.url = url
    }
    setRequestHeader(k, v) {
      this.headers[k] = v
    }
    send(body) {
      this.body = body
    }
    abort() {
      this.onabort?.()
    }
    respond(status, json) {
      this.status = status
      this.responseText = JSON.stringify(json)
      this.onload()
    }
  }
  globalThis.XMLHttpRequest = FakeXHR
  return { sent, restore: () => (globalThis.XMLHttpRequest = original) }
}

/** expectUpload checks a fake XHR upload: a POST of file `fileName` to `url` with the test session's token. */
export function expectUpload(xhr, url, fileName) {
  expect(xhr.method).toBe('POST')
  expect(xhr.url).toBe(url)
  expect(xhr.headers.Authorization).toBe('Bearer tok')
  expect(xhr.headers['ngrok-skip-browser-warning']).toBe('true')
  expect(xhr.body.get('file').name).toBe(fileName)
}

/** freshStart is a test's clean slate: nobody signed in, and no toast left from the test before. */
export function freshStart() {
  resetAuthStore()
  resetToasts()
}

/**
 * expectPublicPage checks what a public page owes its anonymous visitor: none of the calls `fetch` (mockApi's) saw
 * carried the session's token, and axe finds no violation in `container`.
 */
export async function expectPublicPage(fetch, container) {
  expect(fetch).toHaveBeenCalled()
  for (const [, init] of fetch.mock.calls) expect(init.headers.Authorization).toBeUndefined()
  await expectNoAxeViolations(container)
}

/**
 * expectTexts checks that each of `texts` is shown, each as the whole text of an element: on the screen, or within
 * `node` (a card, a list item) where one is given.
 * @param {(string | RegExp)[]} texts
 * @param {HTMLElement} [node]
 */
export function expectTexts(texts, node) {
  const scope = node ? within(node) : screen
  for (const text of texts) expect(scope.getByText(text)).toBeInTheDocument()
}

/**
 * expectNoAxeViolations runs axe-core's WCAG 2.0/2.1 A and AA rules on `node` (jsdom: rules that need layout,
 * such as colour contrast, are left to the browser tests) and fails listing each violated rule.
 */
export async function expectNoAxeViolations(node) {
  const { default: axe } = await import('axe-core')
  // jsdom has no canvas; axe only uses it for checks a browser makes better.
  const getContext = HTMLCanvasElement.prototype.getContext
  HTMLCanvasElement.prototype.getContext = () => null
  const result = await axe.run(node, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] }).finally(() => {
    HTMLCanvasElement.prototype.getContext = getContext
  })
  const found = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(found).toEqual([])
}
