import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { CARDS_KEY } from './get-cards'

/**
 * setPrimaryCard calls POST /api/cards/primary {id: card _id}; resolves to {cards, message}.
 * @param {string} id
 */
export async function setPrimaryCard(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/cards/primary', 'post'>} */
  const json = await request('cards/primary', { method: 'POST', body: { id }, fallback: 'Could not change the primary card. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useSetPrimaryCard() {
  return useMutation(setPrimaryCard, CARDS_KEY)
}
