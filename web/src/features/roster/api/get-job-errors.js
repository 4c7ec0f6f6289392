import useSWR from 'swr'
import { request } from '../../../lib/request'

export const ERRORS_SHOWN = 50

/** parseCsv splits simple CSV text (quoted fields, doubled quotes, CRLF) into rows of strings. */
export function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/**
 * getJobErrors loads GET /api/jobs/{id}/errors (CSV row,column,message) and
 * resolves to {csv, errors: [{row, column, message}]} (errors without the header).
 */
export async function getJobErrors(key) {
  const csv = await request(key, { as: 'text', fallback: 'Could not load the row errors. Please try again.' })
  const errors = parseCsv(csv)
    .slice(1)
    .filter((r) => r.length >= 3)
    .map(([row, column, message]) => ({ row, column, message }))
  return { csv, errors }
}

/** useJobErrors loads the row errors of a finished job; id null = nothing to load. */
export function useJobErrors(id) {
  return useSWR(id ? `jobs/${id}/errors` : null, getJobErrors, { revalidateOnFocus: false })
}
