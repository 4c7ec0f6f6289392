import useSWR from 'swr'
import { request } from '../../../lib/request'

// The campaign's results as files: CSV at once, PDF as a job the page polls.

export const EXPORT_POLL_MS = 1000

/** @typedef {import('../../../lib/api-types').Data<'/api/jobs/{id}', 'get'>['job']} Job */

/**
 * isExportFinished tells whether an export job has succeeded or failed.
 * @param {Job | null | undefined} job
 */
export function isExportFinished(job) {
  return job?.status === 'succeeded' || job?.status === 'failed'
}

/**
 * startResultsPdf calls POST /api/campaigns/{id}/results/pdf and returns the queued job (kind campaign_export_pdf).
 * @param {string} campaignId
 */
export async function startResultsPdf(campaignId) {
  /** @type {import('../../../lib/api-types').Answer<'/api/campaigns/{id}/results/pdf', 'post'>} */
  const json = await request(`campaigns/${encodeURIComponent(campaignId)}/results/pdf`, { method: 'POST', fallback: 'Could not start the PDF. Please try again.' })
  return json.data.job
}

/**
 * getExportJob loads GET /api/jobs/{id} and returns data.job.
 * @param {string} key
 */
export async function getExportJob(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}', 'get'>} */
  const json = await request(key)
  return json.data.job
}

/**
 * pdfOf reads a succeeded export job's result: {fileId, name, url (a signed download link), expiresAt}; null before.
 * The document leaves a job's result untyped (it depends on the kind).
 * @param {Job | null | undefined} job
 * @returns {{fileId: string, name: string, url: string, expiresAt: string} | null}
 */
export function pdfOf(job) {
  const r = /** @type {{fileId: string, name: string, url?: string, expiresAt: string} | null} */ (job?.status === 'succeeded' ? job.result : null)
  return r?.url ? { ...r, url: r.url } : null
}

/**
 * useExportJob polls an export job every EXPORT_POLL_MS until it finishes; id null = no job.
 * @param {string | null} id
 */
export function useExportJob(id) {
  return useSWR(id ? `jobs/${encodeURIComponent(id)}` : null, getExportJob, {
    refreshInterval: (/** @type {Job | undefined} */ job) => (isExportFinished(job) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
  })
}

/**
 * getResultsCsv loads GET /api/campaigns/{id}/results.csv (one row per post, formula-safe cells) as text, with the
 * session's token, for saveFile to hand to the browser.
 * @param {string} campaignId
 * @returns {Promise<string>}
 */
export async function getResultsCsv(campaignId) {
  /** @type {string} */
  const csv = await request(`campaigns/${encodeURIComponent(campaignId)}/results.csv`, { as: 'text', fallback: 'Download failed. Please try again.' })
  return csv
}
