import { ApiError, request } from '../../../lib/request'

export const UPLOAD_FALLBACK = 'Upload failed. Please try again.'
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024
export const UPLOAD_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'mp4', 'mov', 'webm', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt']
export const UPLOAD_TYPE_MESSAGE = 'Please select an image, video, PDF, Office, CSV or TXT file.'
export const UPLOAD_SIZE_MESSAGE = 'File size must be less than 25MB.'

/**
 * checkUploadFile returns the reason a file cannot be uploaded, or null.
 * @param {{name: string, size: number}} file
 */
export function checkUploadFile(file) {
  const ext = (file.name.split('.').pop() || '').toLowerCase()
  if (!file.name.includes('.') || !UPLOAD_TYPES.includes(ext)) return UPLOAD_TYPE_MESSAGE
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_SIZE_MESSAGE
  return null
}

/**
 * uploadFile sends `file` to POST /api/files/upload (multipart field `file`)
 * through request(), so onProgress(percent) can follow it.
 * Resolves to {key, type, name, size, url, expiresAt}.
 * @param {File} file
 * @param {import('../../../lib/request').UploadOptions} [options]
 */
export async function uploadFile(file, { onProgress, signal } = {}) {
  /** @type {import('../../../lib/api-types').Answer<'/api/files/upload', 'post'>} */
  const json = await request('files/upload', { file, onProgress, signal, fallback: UPLOAD_FALLBACK })
  if (!json?.data?.key) throw new ApiError({ kind: 'parse', message: UPLOAD_FALLBACK })
  return json.data
}
