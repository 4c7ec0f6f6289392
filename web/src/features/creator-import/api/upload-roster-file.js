import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { CREATOR_IMPORTS_KEY } from './get-creator-imports'

export const UPLOAD_FALLBACK = 'Upload failed. Please try again.'
export const ROSTER_MAX_BYTES = 10 * 1024 * 1024
export const ROSTER_TYPES = ['csv', 'json', 'xlsx']
export const ROSTER_TYPE_MESSAGE = 'Please select a CSV, JSON, or Excel file.'
export const ROSTER_SIZE_MESSAGE = 'File size must be less than 10MB.'

/**
 * fileExtension is a file name's extension in lower case ('' when it has none).
 * @param {{name: string}} file
 */
export function fileExtension(file) {
  return file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : ''
}

/**
 * checkRosterFile returns the product's message why a roster file cannot be uploaded, or null.
 * @param {File} file
 */
export function checkRosterFile(file) {
  const ext = fileExtension(file)
  if (!ROSTER_TYPES.includes(ext)) return ROSTER_TYPE_MESSAGE
  if (file.size >= ROSTER_MAX_BYTES) return ROSTER_SIZE_MESSAGE
  return null
}

/**
 * uploadRosterFile sends the roster to POST /api/upload-creators (multipart field
 * `file`), following the bytes with onProgress(percent); resolves to the
 * queued import job ({id, status, progress, ...}).
 * @param {File} file
 * @param {import('../../../lib/request').UploadOptions} [options]
 */
export async function uploadRosterFile(file, { onProgress, signal } = {}) {
  /** @type {import('../../../lib/api-types').Answer<'/api/upload-creators', 'post'>} */
  const json = await request('upload-creators', { file, onProgress, signal, fallback: UPLOAD_FALLBACK })
  const job = json?.data?.job
  if (!job?.id) throw new Error(UPLOAD_FALLBACK)
  return job
}

/** useUploadRosterFile returns uploadRosterFile that then revalidates the recent imports list. */
export function useUploadRosterFile() {
  return useMutation(uploadRosterFile, CREATOR_IMPORTS_KEY)
}
