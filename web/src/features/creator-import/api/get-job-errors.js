import useSWR from 'swr'
import { request } from '../../../lib/request'
import { readListPage } from '../../../lib/list-page'

export const ERRORS_PAGE_SIZE = 50
const LOAD_FALLBACK = 'Could not load the row errors. Please try again.'

/**
 * jobErrorsKey builds GET /api/jobs/{id}/errors?format=json&page=&limit= (one page of row errors).
 * @param {string} id
 * @param {number} [page]
 */
export function jobErrorsKey(id, page = 1) {
  return `jobs/${encodeURIComponent(id)}/errors?format=json&page=${page}&limit=${ERRORS_PAGE_SIZE}`
}

/**
 * getJobErrors loads one page of an import's row errors: {errors: [{row, column, message}], total, page, limit}.
 * @param {string} key
 */
export async function getJobErrors(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/jobs/{id}/errors', 'get'>} */
  const json = await request(key, { fallback: LOAD_FALLBACK })
  return readListPage(json, 'errors', ERRORS_PAGE_SIZE)
}

/**
 * useJobErrors loads page `page` of a finished import's row errors; id null = nothing to load.
 * @param {string | null} id
 * @param {number} [page]
 */
export function useJobErrors(id, page = 1) {
  return useSWR(id ? jobErrorsKey(id, page) : null, getJobErrors, { revalidateOnFocus: false, keepPreviousData: true })
}

/**
 * getJobErrorsCsv loads every row error as the CSV people download (row,column,message).
 * @param {string} id
 */
export function getJobErrorsCsv(id) {
  return request(`jobs/${encodeURIComponent(id)}/errors`, { as: 'text', fallback: 'Download failed. Please try again.' })
}
