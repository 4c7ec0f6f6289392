import { API_BASE } from '../config/app'
import { ApiError, withRefresh } from './api-client'

async function get(path, token, fallback) {
  const headers = { 'ngrok-skip-browser-warning': 'true' }
  if (token) headers.Authorization = `Bearer ${token}`
  let res
  try {
    res = await fetch(API_BASE + path.replace(/^\//, ''), { headers })
  } catch {
    throw new ApiError({ kind: 'fetch', message: fallback })
  }
  const text = await res.text().catch(() => '')
  if (res.ok) return text
  let json = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    /* not JSON: the fallback message */
  }
  throw new ApiError({
    status: res.status,
    message: (typeof json?.message === 'string' && json.message) || fallback,
    error_code: json?.error_code ?? null,
  })
}

/**
 * apiText GETs /api/<path> with the bearer token and the tunnel header and
 * resolves to the body as text (for CSV downloads, which a plain link cannot
 * fetch because it cannot send the token). On a 401 it refreshes once and retries.
 */
export function apiText(path, { fallback = 'Download failed. Please try again.' } = {}) {
  return withRefresh((token) => get(path, token, fallback))
}
