import { API_BASE } from '../config/app'
import { ApiError, withRefresh } from './api-client'

function send(path, file, { token, onProgress, signal, fallback }) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', API_BASE + path.replace(/^\//, ''))
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
      if (xhr.status >= 200 && xhr.status < 300 && json) {
        onProgress?.(100)
        resolve(json)
        return
      }
      const fields = json?.fields && typeof json.fields === 'object' ? json.fields : null
      reject(
        new ApiError({
          status: xhr.status,
          message: (typeof json?.message === 'string' && json.message) || fields?.file || fallback,
          error_code: json?.error_code ?? null,
          fields,
        }),
      )
    }
    xhr.onerror = () => reject(new ApiError({ kind: 'fetch', message: fallback }))
    xhr.onabort = () => reject(new ApiError({ kind: 'fetch', message: 'Upload cancelled.', error_code: 'aborted' }))
    signal?.addEventListener('abort', () => xhr.abort())
    const body = new FormData()
    body.append('file', file)
    xhr.send(body)
  })
}

/**
 * xhrUpload POSTs `file` as the multipart field `file` to /api/<path> with
 * XMLHttpRequest, so onProgress(percent) can follow the bytes. Like the api
 * client it sends the bearer token and the tunnel header, and on a 401 it
 * refreshes once and retries. Resolves to the whole JSON body; rejects with
 * ApiError (message from the server, else `fallback`; error_code 'aborted'
 * when `signal` aborts).
 */
export function xhrUpload(path, file, { onProgress, signal, fallback = 'Upload failed. Please try again.' } = {}) {
  return withRefresh((token) => send(path, file, { token, onProgress, signal, fallback }), {
    beforeRetry: () => onProgress?.(0),
  })
}
