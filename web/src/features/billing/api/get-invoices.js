import useSWR from 'swr'
import { request } from '../../../lib/request'

export const INVOICES_KEY = 'invoices'

/** getInvoices loads GET /api/invoices: the provider's invoices, newest first. */
export async function getInvoices(key = INVOICES_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/invoices', 'get'>} */
  const json = await request(key)
  return json?.data?.invoices ?? []
}

export function useInvoices() {
  return useSWR(INVOICES_KEY, getInvoices)
}
