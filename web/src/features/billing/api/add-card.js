import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { CARDS_KEY } from './get-cards'

/**
 * addCard calls POST /api/cards {id}: id is a payment method id, from Stripe
 * Elements or one of the provider's test methods (pm_card_visa). Resolves to
 * {card, cards, message}.
 * @param {string} id
 */
export async function addCard(id) {
  /** @type {import('../../../lib/api-types').Answer<'/api/cards', 'post'>} */
  const json = await request(CARDS_KEY, { method: 'POST', body: { id }, fallback: 'Could not add the card. Please try again.' })
  return json?.data ?? /** @type {Partial<typeof json.data>} */ ({})
}

export function useAddCard() {
  return useMutation(addCard, CARDS_KEY)
}
