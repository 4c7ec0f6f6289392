import useSWR from 'swr'
import { request } from '../../../lib/request'
import { KIT_KEY } from './kit-keys'

/** getKit loads GET /api/kit: {kit (null before the first save), handles, campaigns} of the signed-in creator. */
export async function getKit() {
  /** @type {import('../../../lib/api-types').Answer<'/api/kit', 'get'>} */
  const json = await request(KIT_KEY, { fallback: 'Could not load your media kit. Please try again.' })
  return json.data
}

/** useKit loads the creator's media kit settings. */
export function useKit() {
  return useSWR(KIT_KEY, getKit, { revalidateOnFocus: false })
}
