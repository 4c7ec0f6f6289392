import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { CARDS_KEY } from './get-cards'

/**
 * removeCard calls DELETE /api/cards/{id}; resolves to {cards, message}. The
 * server refuses (409) the primary card of a running subscription.
 * @param {string} id
 */
export async function removeCard(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/cards/{id}', 'delete'>} */
  const json = await request(`cards/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: 'Could not remove the card. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useRemoveCard() {
  return useMutation(removeCard, CARDS_KEY)
}
