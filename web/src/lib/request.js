import { API_BASE, API_TIMEOUT_MS, REFRESH_TOKEN_KEY, ACCESS_TOKEN_KEY } from '../config/app'
import { clearSession, setTokens } from './auth-store'

/**
 * ApiError is thrown by every call. kind tells transport failures apart:
 * 'http' (server answered with an error status), 'fetch' (network), 'parse'
 * (unreadable body) or 'timeout'. status is 0 for the non-http kinds.
 */
export class ApiError extends Error {
  /**
   * @param {{status?: number, message?: string, error_code?: string | null,
   *   fields?: Record<string, string> | null, kind?: 'http' | 'fetch' | 'parse' | 'timeout'}} init
   */
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

const unauthenticated = () => new ApiError({ status: 401, message: 'Unauthenticated' })

/**
 * headersFor is the one place that builds request headers: the tunnel header and the bearer token.
 * @param {string | null} token
 * @param {{json: boolean, accept?: string}} opts
 * @returns {Record<string, string>}
 */
function headersFor(token, { json, accept = 'application/json' }) {
  /** @type {Record<string, string>} */
  const headers = { 'ngrok-skip-browser-warning': 'true', Accept: accept }
  if (json) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  return headers
}

/**
 * viaFetch sends a JSON or bodiless call; resolves to {status, text}.
 * @param {string} url
 * @param {RequestOptions & {headers: Record<string, string>}} opts
 * @returns {Promise<{status: number, text: string | null}>}
 */
async function viaFetch(url, { method, body, headers, timeoutMs, fallback }) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const fail = (/** @type {'fetch' | 'timeout'} */ kind) => new ApiError({ kind, message: fallback || KIND_MESSAGES[kind] })
  try {
    let res
    try {
      res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal })
    } catch {
      throw fail(timedOut ? 'timeout' : 'fetch')
    }
    try {
      return { status: res.status, text: await res.text() }
    } catch {
      if (timedOut) throw fail('timeout')
      return { status: res.status, text: null }
    }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * viaXhr sends `file` as the multipart field `file`, reporting onProgress(percent) while the bytes go.
 * @param {string} url
 * @param {RequestOptions & {method: NonNullable<RequestOptions['method']>, headers: Record<string, string>, file: File | Blob}} opts
 * @returns {Promise<{status: number, text: string | null}>}
 */
function viaXhr(url, { method, headers, file, onProgress, signal, fallback }) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    Object.entries(headers).forEach(([k, v]) => xhr.setRequestHeader(k, v))
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText ?? '' })
    xhr.onerror = () => reject(new ApiError({ kind: 'fetch', message: fallback || KIND_MESSAGES.fetch }))
    xhr.onabort = () => reject(new ApiError({ kind: 'fetch', message: 'Upload cancelled.', error_code: 'aborted' }))
    signal?.addEventListener('abort', () => xhr.abort())
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}

/** @param {string | null} text */
function parseJson(text) {
  try {
    return { json: text ? JSON.parse(text) : null, ok: text !== null }
  } catch {
    return { json: null, ok: false }
  }
}

/**
 * decode turns an answer into the JSON body (or text), or throws the ApiError it carries.
 * @param {{status: number, text: string | null}} answer
 * @param {Pick<RequestOptions, 'as' | 'file' | 'fallback'>} opts
 */
function decode({ status, text }, { as, file, fallback }) {
  const ok = status >= 200 && status < 300
  if (ok && as === 'text') return text ?? ''
  const { json, ok: parsed } = parseJson(text)
  if (ok) {
    if (!parsed) throw new ApiError({ kind: 'parse', status, message: fallback || KIND_MESSAGES.parse })
    return json
  }
  const fields = json?.fields && typeof json.fields === 'object' ? json.fields : null
  const message = (typeof json?.message === 'string' && json.message) || (file && typeof fields?.file === 'string' && fields.file) || fallback
  throw new ApiError({ status, message: message || KIND_MESSAGES.http, error_code: json?.error_code ?? null, fields })
}

/**
 * attempt makes one try of a call with `token` (or none).
 * @param {string} path
 * @param {RequestOptions} opts
 * @param {string | null} token
 * @returns {Promise<any>}
 */
async function attempt(path, opts, token) {
  const { method = opts.file ? 'POST' : 'GET', body, file, as = 'json', timeoutMs = API_TIMEOUT_MS } = opts
  const url = API_BASE + path.replace(/^\//, '')
  const headers = headersFor(token, { json: body !== undefined && !file, accept: as === 'text' ? '*/*' : 'application/json' })
  const res = file
    ? await viaXhr(url, { ...opts, method, headers, file })
    : await viaFetch(url, { method, body, headers, timeoutMs, fallback: opts.fallback })
  const out = decode(res, { as, file, fallback: opts.fallback })
  if (file) opts.onProgress?.(100)
  return out
}

// One refresh in flight at a time: concurrent 401s wait on the same promise.
/** @type {Promise<string> | null} */
let refreshPromise = null

/**
 * refreshSession trades the stored refresh token for new tokens, once for all waiters.
 * @returns {Promise<string>} the new access token
 */
export function refreshSession() {
  if (!refreshPromise) {
    refreshPromise = (async () => {
      const refreshToken = localStorage.getItem(REFRESH_TOKEN_KEY)
      if (!refreshToken) throw unauthenticated()
      /** @type {import('./api-types').Answer<'/api/users/refresh-token', 'post'>} */
      const json = await attempt('users/refresh-token', { method: 'POST', body: { refreshToken } }, null)
      const accessToken = json?.data?.accessToken ?? json?.accessToken
      const nextRefresh = json?.data?.refreshToken ?? json?.refreshToken
      if (!accessToken || !nextRefresh) throw unauthenticated()
      setTokens({ accessToken, refreshToken: nextRefresh })
      return accessToken
    })().finally(() => {
      refreshPromise = null
    })
  }
  return refreshPromise
}

/**
 * RequestOptions are the options of request().
 * @typedef {object} RequestOptions
 * @property {'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} [method] GET, or POST with a file
 * @property {unknown} [body] sent as JSON
 * @property {File | Blob} [file] sent as the multipart field `file`
 * @property {(percent: number) => void} [onProgress] follows the bytes of `file`
 * @property {AbortSignal} [signal] aborts the upload of `file`
 * @property {'json' | 'text'} [as] 'text' resolves to the body as text
 * @property {boolean} [auth] send the bearer token (default true)
 * @property {string} [fallback] message when the server gives none
 * @property {number} [timeoutMs]
 */

/**
 * UploadOptions are what an upload call passes on to request().
 * @typedef {Pick<RequestOptions, 'onProgress' | 'signal'>} UploadOptions
 */

/**
 * request calls /api/<path> and resolves to the whole JSON body ({data: ...}),
 * or to the body as text with as: 'text' (CSV downloads). Options:
 * - method, body (sent as JSON), fallback (message when the server gives none), timeoutMs;
 * - file: sent as the multipart field `file` with XMLHttpRequest, so
 *   onProgress(percent) follows the bytes; signal aborts it (error_code 'aborted');
 * - auth (default true): send the bearer token; on a 401, refresh the session
 *   once and retry once. No stored refresh token, a failed refresh or a 401 on
 *   the retry clears the session.
 * Every failure is an ApiError {status, message, error_code, fields, kind}.
 * The answer is `any` here: each api/ file types it from the OpenAPI document with
 * `@type {import('../../../lib/api-types').Answer<'/api/<path>', '<method>'>}`.
 * @param {string} path without the /api/ prefix ('users/me', 'cards/{id}' filled in)
 * @param {RequestOptions} [opts]
 * @returns {Promise<any>}
 */
export async function request(path, opts = {}) {
  const { auth = true } = opts
  if (!auth) return attempt(path, opts, null)
  try {
    return await attempt(path, opts, localStorage.getItem(ACCESS_TOKEN_KEY))
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err
  }
  let fresh
  try {
    fresh = await refreshSession()
  } catch (refreshErr) {
    clearSession()
    throw refreshErr instanceof ApiError && refreshErr.status === 401 ? refreshErr : unauthenticated()
  }
  if (opts.file) opts.onProgress?.(0)
  try {
    return await attempt(path, opts, fresh)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearSession()
    throw err
  }
}
