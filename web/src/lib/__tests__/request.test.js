import { describe, it, expect, beforeEach, vi } from 'vitest'
import { request as api, ApiError } from '../request'
import { getAuthState, resetAuthStore } from '../auth-store'
import { installFakeXHR, mockApi } from '../../test-utils'

function login(access = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem('access_token', access)
  localStorage.setItem('refresh_token', refresh)
  resetAuthStore()
}

describe('request', () => {
  beforeEach(() => {
    localStorage.clear()
    resetAuthStore()
  })

  it('calls /api/ with the bearer token and the tunnel header', async () => {
    login()
    const fetch = mockApi({ 'GET users/me': () => [200, { data: { user: { _id: '1' } } }] })
    const json = await api('users/me')
    expect(json.data.user._id).toBe('1')
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/users/me')
    expect(init.headers.Authorization).toBe('Bearer old-access')
    expect(init.headers['ngrok-skip-browser-warning']).toBe('true')
  })

  it('throws ApiError with message, error_code and fields from the body', async () => {
    mockApi({
      'POST users/register': () => [422, { message: 'Please correct the highlighted fields', error_code: 'invalid', fields: { email: 'Invalid email' } }],
    })
    const err = await api('users/register', { method: 'POST', body: {}, auth: false }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 422, message: 'Please correct the highlighted fields', error_code: 'invalid', fields: { email: 'Invalid email' }, kind: 'http' })
  })

  it('uses the fallback message when the server gives none', async () => {
    mockApi({ 'POST users/login': () => [500, {}] })
    const err = await api('users/login', { method: 'POST', body: {}, auth: false, fallback: 'Login failed, please try again.' }).catch((e) => e)
    expect(err.message).toBe('Login failed, please try again.')
    expect(err.status).toBe(500)
  })

  it('tells fetch, parse and timeout errors apart', async () => {
    globalThis.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    expect((await api('niche', { auth: false }).catch((e) => e)).kind).toBe('fetch')

    globalThis.fetch = vi.fn(async () => new Response('<html>not json', { status: 200 }))
    expect((await api('niche', { auth: false }).catch((e) => e)).kind).toBe('parse')

    globalThis.fetch = vi.fn(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const err = await api('niche', { auth: false, timeoutMs: 10 }).catch((e) => e)
    expect(err.kind).toBe('timeout')
  })

  it('on 401 refreshes once, stores the new tokens and retries once', async () => {
    login()
    const fetch = mockApi({
      'GET users/me': (_b, headers) =>
        headers.Authorization === 'Bearer new-access' ? [200, { data: { user: { _id: 'u1' } } }] : [401, { message: 'expired' }],
      'POST users/refresh-token': (body) =>
        body.refreshToken === 'old-refresh'
          ? [200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } }]
          : [401, { message: 'bad refresh' }],
    })
    const json = await api('users/me')
    expect(json.data.user._id).toBe('u1')
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/users/me', '/api/users/refresh-token', '/api/users/me'])
    expect(localStorage.getItem('access_token')).toBe('new-access')
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh')
    expect(getAuthState().isAuthenticated).toBe(true)
  })

  it('does not retry twice: a second 401 clears the session', async () => {
    login()
    const fetch = mockApi({
      'GET users/me': () => [401, { message: 'nope' }],
      'POST users/refresh-token': () => [200, { accessToken: 'a2', refreshToken: 'r2' }],
    })
    const err = await api('users/me').catch((e) => e)
    expect(err.status).toBe(401)
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(getAuthState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('access_token')).toBeNull()
  })

  it('clears the session when the refresh fails', async () => {
    login()
    mockApi({
      'GET users/me': () => [401, { message: 'expired' }],
      'POST users/refresh-token': () => [401, { message: 'refresh token reused' }],
    })
    await expect(api('users/me')).rejects.toMatchObject({ status: 401 })
    expect(getAuthState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('clears the session without calling refresh when no refresh token is stored', async () => {
    localStorage.setItem('access_token', 'only-access')
    resetAuthStore()
    const fetch = mockApi({ 'GET users/me': () => [401, { message: 'expired' }] })
    await expect(api('users/me')).rejects.toMatchObject({ status: 401 })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(getAuthState().isAuthenticated).toBe(false)
  })

  it('shares one refresh call between concurrent 401s', async () => {
    login()
    let refreshes = 0
    const fetch = mockApi({
      'GET users/me': (_b, h) => (h.Authorization === 'Bearer new-access' ? [200, { data: 1 }] : [401, {}]),
      'GET users/profile': (_b, h) => (h.Authorization === 'Bearer new-access' ? [200, { data: 2 }] : [401, {}]),
      'POST users/refresh-token': async () => {
        refreshes++
        await new Promise((r) => setTimeout(r, 20))
        return [200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } }]
      },
    })
    const [a, b] = await Promise.all([api('users/me'), api('users/profile')])
    expect([a.data, b.data]).toEqual([1, 2])
    expect(refreshes).toBe(1)
    expect(fetch).toHaveBeenCalledTimes(5)
  })

  it('does not run the refresh flow for public calls', async () => {
    login()
    const fetch = mockApi({ 'POST users/login': () => [401, { message: 'Invalid email or password', error_code: 'unauthorized' }] })
    await expect(api('users/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({ status: 401 })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0][1].headers.Authorization).toBeUndefined()
  })

  it('downloads text with the same headers and the same refresh-once flow', async () => {
    login()
    const fetch = vi.fn(async (_url, init) =>
      init.headers.Authorization === 'Bearer new-access'
        ? new Response('row,column,message\n2,email,Invalid email\n', { status: 200 })
        : String(_url).endsWith('refresh-token')
          ? new Response(JSON.stringify({ data: { accessToken: 'new-access', refreshToken: 'new-refresh' } }), { status: 200 })
          : new Response(JSON.stringify({ message: 'expired' }), { status: 401 }),
    )
    globalThis.fetch = fetch
    const text = await api('jobs/j1/errors', { as: 'text' })
    expect(text).toBe('row,column,message\n2,email,Invalid email\n')
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/jobs/j1/errors', '/api/users/refresh-token', '/api/jobs/j1/errors'])
    expect(fetch.mock.calls[0][1].headers['ngrok-skip-browser-warning']).toBe('true')
  })

  it('a text download that fails carries the server message', async () => {
    login()
    mockApi({ 'GET jobs/j1/errors': () => [404, { message: 'Job not found', error_code: 'not_found' }] })
    const err = await api('jobs/j1/errors', { as: 'text', fallback: 'Download failed.' }).catch((e) => e)
    expect(err).toMatchObject({ status: 404, message: 'Job not found', error_code: 'not_found' })
  })

  it('uploads a file with XMLHttpRequest, reporting progress, and retries once after a refresh', async () => {
    login()
    mockApi({ 'POST users/refresh-token': () => [200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } }] })
    const xhr = installFakeXHR()
    try {
      const progress = []
      const file = new File(['a,b'], 'r.csv', { type: 'text/csv' })
      const done = api('upload-creators', { file, onProgress: (p) => progress.push(p) })
      const first = xhr.sent[0]
      expect([first.method, first.url, first.headers.Authorization, first.headers['ngrok-skip-browser-warning']]).toEqual(['POST', '/api/upload-creators', 'Bearer old-access', 'true'])
      expect(first.body.get('file').name).toBe('r.csv')
      first.upload.onprogress({ lengthComputable: true, loaded: 50, total: 100 })
      first.respond(401, { message: 'expired' })
      await vi.waitFor(() => expect(xhr.sent).toHaveLength(2))
      expect(xhr.sent[1].headers.Authorization).toBe('Bearer new-access')
      xhr.sent[1].respond(202, { data: { job: { id: 'j1' } } })
      expect((await done).data.job.id).toBe('j1')
      expect(progress).toEqual([50, 0, 100])
    } finally {
      xhr.restore()
    }
  })

  it('an upload refused with a field error on file uses that message; abort says aborted', async () => {
    login()
    const xhr = installFakeXHR()
    try {
      const file = new File(['x'], 'r.txt')
      const refused = api('upload-creators', { file, fallback: 'Upload failed. Please try again.' }).catch((e) => e)
      xhr.sent[0].respond(422, { fields: { file: 'Please select a CSV, JSON, or Excel file.' } })
      expect(await refused).toMatchObject({ status: 422, message: 'Please select a CSV, JSON, or Excel file.' })
      const controller = new AbortController()
      const aborted = api('upload-creators', { file, signal: controller.signal }).catch((e) => e)
      controller.abort()
      expect(await aborted).toMatchObject({ error_code: 'aborted' })
    } finally {
      xhr.restore()
    }
  })
})
