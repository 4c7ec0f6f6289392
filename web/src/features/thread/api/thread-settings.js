import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

export const THREAD_SETTINGS_KEY = 'threads/settings'

/**
 * getThreadSettings loads GET /api/threads/settings: {digestMail}.
 * @param {string} key
 */
export async function getThreadSettings(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/settings', 'get'>} */
  const json = await request(key)
  return json.data
}

export function useThreadSettings() {
  return useSWR(THREAD_SETTINGS_KEY, getThreadSettings)
}

/**
 * setThreadSettings calls PUT /api/threads/settings {digestMail}.
 * @param {boolean} digestMail
 */
export async function setThreadSettings(digestMail) {
  /** @type {import('../../../lib/api-types').Answer<'/api/threads/settings', 'put'>} */
  const json = await request(THREAD_SETTINGS_KEY, { method: 'PUT', body: { digestMail } })
  return json.data
}

export function useSetThreadSettings() {
  return useMutation(setThreadSettings, THREAD_SETTINGS_KEY)
}

const approvalKey = (/** @type {string} */ id) => `campaigns/${encodeURIComponent(id)}/draft-approval`

/**
 * getDraftApproval loads GET /api/campaigns/{id}/draft-approval: {required, autoApproveHours, defaultHours}.
 * @param {string} key
 */
export async function getDraftApproval(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/draft-approval', 'get'>} */
  const json = await request(key)
  return json.data
}

/** @param {string | undefined} id */
export function useDraftApproval(id) {
  return useSWR(id ? approvalKey(id) : null, getDraftApproval)
}

/**
 * setDraftApproval calls PUT /api/campaigns/{id}/draft-approval {required, autoApproveHours}.
 * @param {string} id
 * @param {{required: boolean, autoApproveHours: number}} approval
 */
export async function setDraftApproval(id, { required, autoApproveHours }) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/draft-approval', 'put'>} */
  const json = await request(approvalKey(id), { method: 'PUT', body: { required, autoApproveHours } })
  return json.data
}

export function useSetDraftApproval() {
  return useMutation(setDraftApproval, (/** @type {unknown} */ key) => typeof key === 'string' && key.endsWith('/draft-approval'))
}
