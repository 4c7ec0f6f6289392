import { API_BASE, API_TIMEOUT_MS, REFRESH_TOKEN_KEY, ACCESS_TOKEN_KEY } from '../config/app'
import { clearSession, setTokens } from './auth-store'

/**
 * ApiError is thrown by every api call. kind tells transport failures apart:
 * 'http' (server answered with an error status), 'fetch' (network), 'parse'
 * (unreadable body) or 'timeout'. status is 0 for the non-http kinds.
 */
export class ApiError extends Error {
  constructor({ status = 0, message, error_code = null, fields = null, kind = 'http' }) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.error_code = error_code
    this.fields = fields
    this.kind = kind
  }
}

const KIND_MESSAGES = {
  fetch: 'Network error. Please check your connection and try again.',
  parse: 'Unexpected response from the server. Please try again.',
  timeout: 'The request timed out. Please try again.',
  http: 'Something went wrong. Please try again.',
}

// One refresh in flight at a time: concurrent 401s wait on the same promise.
let refreshPromise = null

async function rawRequest(path, { method = 'GET', body, token, timeoutMs = API_TIMEOUT_MS, fallback }) {
  const headers = { 'ngrok-skip-browser-warning': 'true', Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`

  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)

  let res
  try {
    res = await fetch(API_BASE + path.replace(/^\//, ''), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    })
  } catch {
    clearTimeout(timer)
    const kind = timedOut ? 'timeout' : 'fetch'
    throw new ApiError({ kind, message: fallback || KIND_MESSAGES[kind] })
  }

  let json = null
  try {
    const text = await res.text()
    json = text ? JSON.parse(text) : null
  } catch {
    clearTimeout(timer)
    if (timedOut) throw new ApiError({ kind: 'timeout', message: fallback || KIND_MESSAGES.timeout })
    if (res.ok) throw new ApiError({ kind: 'parse', status: res.status, message: fallback || KIND_MESSAGES.parse })
    throw new ApiError({ status: res.status, message: fallback || KIND_MESSAGES.http })
  }
  clearTimeout(timer)

  if (!res.ok) {
    throw new ApiError({
      status: res.status,
      message: (json && typeof json.message === 'string' && json.message) || fallback || KIND_MESSAGES.http,
      error_code: json?.error_code ?? null,
      fields: json?.fields && typeof json.fields === 'object' ? json.fields : null,
    })
  }
  return json
}

/** refreshSession trades the stored refresh token for new tokens, once for all waiters. */
export function refreshSession() {
  if (!refreshPromise) {
    refreshPromise = (async () => {
      const refreshToken = localStorage.getItem(REFRESH_TOKEN_KEY)
      if (!refreshToken) throw new ApiError({ status: 401, message: 'Unauthenticated' })
      const json = await rawRequest('users/refresh-token', { method: 'POST', body: { refreshToken } })
      const accessToken = json?.data?.accessToken ?? json?.accessToken
      const nextRefresh = json?.data?.refreshToken ?? json?.refreshToken
      if (!accessToken || !nextRefresh) throw new ApiError({ status: 401, message: 'Unauthenticated' })
      setTokens({ accessToken, refreshToken: nextRefresh })
      return accessToken
    })().finally(() => {
      refreshPromise = null
    })
  }
  return refreshPromise
}

/**
 * withRefresh runs request(token) with the stored access token; on a 401 it
 * refreshes the session once and runs request(freshToken) again. When the
 * refresh fails the session is cleared and 'Unauthenticated' is thrown.
 * For calls the api() helper cannot make (uploads with progress, text bodies).
 */
export async function withRefresh(request, { beforeRetry } = {}) {
  try {
    return await request(localStorage.getItem(ACCESS_TOKEN_KEY))
  } catch (err) {
    if (err.status !== 401) throw err
  }
  let fresh
  try {
    fresh = await refreshSession()
  } catch {
    clearSession()
    throw new ApiError({ status: 401, message: 'Unauthenticated' })
  }
  beforeRetry?.()
  return request(fresh)
}

/**
 * api calls path under /api/ and resolves to the whole JSON body ({data: ...}).
 * Options: method, body, fallback (message when the server gives none) and
 * auth (default true: send the bearer token and run the refresh-once flow on 401).
 */
export async function api(path, { method = 'GET', body, fallback, auth = true, timeoutMs } = {}) {
  const token = auth ? localStorage.getItem(ACCESS_TOKEN_KEY) : null
  try {
    return await rawRequest(path, { method, body, token, fallback, timeoutMs })
  } catch (err) {
    if (!auth || !(err instanceof ApiError) || err.status !== 401) throw err
  }
  // 401 on an authenticated call: refresh once, then retry once.
  let fresh
  try {
    fresh = await refreshSession()
  } catch (refreshErr) {
    clearSession()
    throw refreshErr instanceof ApiError && refreshErr.status === 401
      ? refreshErr
      : new ApiError({ status: 401, message: 'Unauthenticated' })
  }
  try {
    return await rawRequest(path, { method, body, token: fresh, fallback, timeoutMs })
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearSession()
    throw err
  }
}

/** swrFetcher lets SWR keys be api paths. */
export const swrFetcher = (path) => api(path)
