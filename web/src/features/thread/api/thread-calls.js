import { ApiError, request } from '../../../lib/request'

const path = (/** @type {string} */ id, /** @type {string} */ rest) => `threads/${encodeURIComponent(id)}/${rest}`

/**
 * postMessage calls POST /api/threads/{id}/messages {body, attachments: [{key}]} and returns the message.
 * @param {string} id
 * @param {{body: string, attachments?: Array<{key: string}>}} message
 */
export async function postMessage(id, { body, attachments = [] }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/messages', 'post'>} */
  const json = await request(path(id, 'messages'), { method: 'POST', body: { body, attachments: attachments.map((a) => ({ key: a.key })) } })
  return json.data.message
}

export const ATTACHMENT_MAX_BYTES = 100 * 1024 * 1024
export const ATTACHMENT_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'mp4', 'mov', 'webm']
export const ATTACHMENT_MAX = 5
export const UPLOAD_FALLBACK = 'Upload failed. Please try again.'

/**
 * checkAttachment returns why `file` cannot be attached (an image, a PDF or a video up to 100 MB), or null.
 * @param {Pick<File, 'name' | 'size'>} file
 */
export function checkAttachment(file) {
  const ext = (file.name.split('.').pop() || '').toLowerCase()
  if (!file.name.includes('.') || !ATTACHMENT_TYPES.includes(ext)) return 'Attach an image, a PDF or a video.'
  if (file.size > ATTACHMENT_MAX_BYTES) return 'A file must be at most 100 MB.'
  return null
}

/**
 * uploadAttachment sends `file` to POST /api/threads/{id}/attachments; resolves to {key, name, type, size, url}.
 * @param {string} id
 * @param {File} file
 * @param {import('../../../lib/request').UploadOptions} [options]
 */
export async function uploadAttachment(id, file, { onProgress, signal } = {}) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/attachments', 'post'>} */
  const json = await request(path(id, 'attachments'), { file, onProgress, signal, fallback: UPLOAD_FALLBACK })
  if (!json?.data?.key) throw new ApiError({ kind: 'parse', message: UPLOAD_FALLBACK })
  return json.data
}

/**
 * markRead calls POST /api/threads/{id}/read {upTo?}; returns the unread messages left.
 * @param {string} id
 * @param {number} [upTo]
 */
export async function markRead(id, upTo = 0) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/read', 'post'>} */
  const json = await request(path(id, 'read'), { method: 'POST', body: upTo ? { upTo } : {} })
  return json.data.unread
}

/**
 * reportMessage calls POST /api/threads/{id}/messages/{n}/report {reason}.
 * @param {string} id
 * @param {string} messageNumber
 * @param {string} reason
 */
export async function reportMessage(id, messageNumber, reason) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/messages/{messageId}/report', 'post'>} */
  const json = await request(path(id, `messages/${encodeURIComponent(messageNumber)}/report`), { method: 'POST', body: { reason } })
  return json
}

/**
 * submitDraft calls POST /api/threads/{id}/drafts {caption, platform, link, media: [{key}]}; returns the draft.
 * @param {string} id
 * @param {{caption: string, platform: string, link?: string, media?: Array<{key: string}>}} draft
 */
export async function submitDraft(id, { caption, platform, link = '', media = [] }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/drafts', 'post'>} */
  const json = await request(path(id, 'drafts'), { method: 'POST', body: { caption, platform, link, media: media.map((m) => ({ key: m.key })) } })
  return json.data.draft
}

/**
 * checkDraft calls POST /api/threads/{id}/drafts/check {caption, platform}; returns what is missing.
 * @param {string} id
 * @param {{caption: string, platform: string}} draft
 */
export async function checkDraft(id, { caption, platform }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/drafts/check', 'post'>} */
  const json = await request(path(id, 'drafts/check'), { method: 'POST', body: { caption, platform } })
  return json.data.missing
}

/**
 * reviewDraft calls POST /api/threads/{id}/drafts/{draftId}/review {decision, comment}; returns the draft.
 * @param {string} id
 * @param {string} draftId
 * @param {{decision: 'approve' | 'request_changes', comment?: string}} review
 */
export async function reviewDraft(id, draftId, { decision, comment = '' }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/{id}/drafts/{draftId}/review', 'post'>} */
  const json = await request(path(id, `drafts/${encodeURIComponent(draftId)}/review`), { method: 'POST', body: { decision, comment } })
  return json.data.draft
}
