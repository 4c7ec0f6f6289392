import useSWR from 'swr'
import { request } from '../../../lib/request'

export const EARNINGS_KEY = 'payouts/earnings'

/** getEarnings loads GET /api/payouts/earnings: this month, this year, by brand and every payment (cents). */
export async function getEarnings() {
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/earnings', 'get'>} */
  const json = await request(EARNINGS_KEY)
  return json.data.earnings
}

export function useEarnings() {
  return useSWR(EARNINGS_KEY, getEarnings)
}

/** getEarningsCsv loads GET /api/payouts/earnings.csv as text, with the session's token, for saveFile. */
export async function getEarningsCsv() {
  /** @type {string} */
  const csv = await request('payouts/earnings.csv', { as: 'text', fallback: 'Download failed. Please try again.' })
  return csv
}
