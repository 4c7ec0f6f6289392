import useSWR from 'swr'
import { request } from '../../../lib/request'

export const BOARD_KEY = 'payouts/board'

/**
 * getBoard loads GET /api/payouts/board (ADMIN): the payments needing attention (state filters one) and the open
 * reconciliation mismatches.
 * @param {string} state
 * @param {number} page
 */
export async function getBoard(state, page) {
  const q = new URLSearchParams({ page: String(page), limit: '20' })
  if (state) q.set('state', state)
  /** @type {import('../../../lib/api-types').Answer<'/api/payouts/board', 'get'>} */
  const json = await request(`${BOARD_KEY}?${q}`)
  return json.data
}

export function useBoard(state = '', page = 1) {
  return useSWR([BOARD_KEY, state, page], () => getBoard(state, page))
}
