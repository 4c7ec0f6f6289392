import useSWR from 'swr'
import { request } from '../../../lib/request'

// cache tag "Cards".
export const CARDS_KEY = 'cards'

/** @typedef {import('../../../lib/api-types').Data<'/api/cards', 'get'>['cards'][number]} Card */

/** getCards loads GET /api/cards: [{_id, brand, last4, expMonth, expYear, primary}], primary first. */
export async function getCards(key = CARDS_KEY) {
  /** @type {import('../../../lib/api-types').Answer<'/api/cards', 'get'>} */
  const json = await request(key)
  return json?.data?.cards ?? []
}

export function useCards() {
  return useSWR(CARDS_KEY, getCards)
}
