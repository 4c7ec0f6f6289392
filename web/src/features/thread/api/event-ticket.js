import { request } from '../../../lib/request'

/** getEventTicket calls POST /api/events/ticket: a single-use ticket, valid one minute, for one events stream. */
export async function getEventTicket() {
  /** @type {import('../../../lib/api-types').Answer<'/api/events/ticket', 'post'>} */
  const json = await request('events/ticket', { method: 'POST' })
  return json.data.ticket
}
