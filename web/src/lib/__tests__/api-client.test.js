import { describe, it, expect, beforeEach, vi } from 'vitest'
import { api, ApiError } from '../api-client'
import { getAuthState, resetAuthStore } from '../auth-store'
import { mockApi } from '../../test-utils'

function login(access = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem('access_token', access)
  localStorage.setItem('refresh_token', refresh)
  resetAuthStore()
}

describe('api client', () => {
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
      'POST users/register': () => [422, { message: 'Email already registered', error_code: 'conflict', fields: { email: 'taken' } }],
    })
    const err = await api('users/register', { method: 'POST', body: {}, auth: false }).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 422, message: 'Email already registered', error_code: 'conflict', fields: { email: 'taken' }, kind: 'http' })
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
})
