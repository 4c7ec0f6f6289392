import { ApiError, request } from '../../../lib/request'

export const PROFILE_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp']
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024
// The server's own messages for a creator's uploads (README, Security notes).
export const PROFILE_IMAGE_TYPE_MESSAGE = 'Please select an image (jpg, jpeg, png, gif, webp).'
export const PROFILE_IMAGE_SIZE_MESSAGE = 'File size must be less than 5MB.'
const UPLOAD_FALLBACK = 'Upload failed. Please try again.'

/**
 * checkProfileImage returns why `file` cannot be a profile picture, or null.
 * @param {File} file
 */
export function checkProfileImage(file) {
  const ext = (file.name.split('.').pop() || '').toLowerCase()
  if (!file.name.includes('.') || !PROFILE_IMAGE_TYPES.includes(ext)) return PROFILE_IMAGE_TYPE_MESSAGE
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_SIZE_MESSAGE
  return null
}

/**
 * uploadProfileImage sends the cropped picture (a JPEG blob) to POST
 * /api/files/upload and resolves to the upload {key, url, ...}; the key is what
 * PUT /api/users/profile takes as profileImage.
 * @param {Blob} blob
 * @param {import('../../../lib/request').UploadOptions} [options]
 */
export async function uploadProfileImage(blob, { onProgress } = {}) {
  const file = new File([blob], 'profile.jpg', { type: 'image/jpeg' })
  /** @type {import('../../../lib/api-types').Answer<'/api/files/upload', 'post'>} */
  const json = await request('files/upload', { file, onProgress, fallback: UPLOAD_FALLBACK })
  if (!json?.data?.key) throw new ApiError({ kind: 'parse', message: UPLOAD_FALLBACK })
  return json.data
}
