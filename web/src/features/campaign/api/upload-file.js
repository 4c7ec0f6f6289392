import { API_BASE, ACCESS_TOKEN_KEY } from '../../../config/app'
import { ApiError, refreshSession } from '../../../lib/api-client'
import { clearSession } from '../../../lib/auth-store'

export const UPLOAD_FALLBACK = 'Upload failed. Please try again.'
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024
export const UPLOAD_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'mp4', 'mov', 'webm', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt']
export const UPLOAD_TYPE_MESSAGE = 'Please select an image, video, PDF, Office, CSV or TXT file.'
export const UPLOAD_SIZE_MESSAGE = 'File size must be less than 25MB.'

/** checkUploadFile returns the reason a file cannot be uploaded, or null. */
export function checkUploadFile(file) {
  const ext = (file.name.split('.').pop() || '').toLowerCase()
  if (!file.name.includes('.') || !UPLOAD_TYPES.includes(ext)) return UPLOAD_TYPE_MESSAGE
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_SIZE_MESSAGE
  return null
}

function send(file, token, onProgress, signal) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}files/upload`)
    xhr.setRequestHeader('ngrok-skip-browser-warning', 'true')
    xhr.setRequestHeader('Accept', 'application/json')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => {
      let json = null
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        /* unreadable body: handled below */
      }
      if (xhr.status >= 200 && xhr.status < 300 && json?.data?.key) {
        onProgress?.(100)
        resolve(json.data)
        return
      }
      const fields = json?.fields && typeof json.fields === 'object' ? json.fields : null
      reject(
        new ApiError({
          status: xhr.status,
          message: (typeof json?.message === 'string' && json.message) || fields?.file || UPLOAD_FALLBACK,
          error_code: json?.error_code ?? null,
          fields,
        }),
      )
    }
    xhr.onerror = () => reject(new ApiError({ kind: 'fetch', message: UPLOAD_FALLBACK }))
    xhr.onabort = () => reject(new ApiError({ kind: 'fetch', message: 'Upload cancelled.', error_code: 'aborted' }))
    signal?.addEventListener('abort', () => xhr.abort())
    const body = new FormData()
    body.append('file', file)
    xhr.send(body)
  })
}

/**
 * uploadFile sends `file` to POST /api/files/upload (multipart field `file`) with
 * XMLHttpRequest so onProgress(percent) can follow it; like the api client it sends
 * the bearer token and the tunnel header, and on a 401 refreshes once and retries.
 * Resolves to {key, type, name, size, url, expiresAt}.
 */
export async function uploadFile(file, { onProgress, signal } = {}) {
  try {
    return await send(file, localStorage.getItem(ACCESS_TOKEN_KEY), onProgress, signal)
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
  onProgress?.(0)
  return send(file, fresh, onProgress, signal)
}
