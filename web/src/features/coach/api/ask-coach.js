import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'
import { isChatsKey } from './get-chats'

/**
 * askCoach sends POST /api/chats {question, platform?} and returns data.entry (pending).
 * @param {{question: string, platform?: string}} ask
 */
export async function askCoach({ question, platform }) {
  const body = platform ? { question, platform } : { question }
  /** @type {import('../../../lib/api-types').Answer<'/api/chats', 'post'>} */
  const json = await request('chats', { method: 'POST', body, fallback: 'Could not send your question. Please try again.' })
  return json?.data?.entry
}

/** useAskCoach returns askCoach; once it succeeds every chats list is read again. */
export function useAskCoach() {
  return useMutation(askCoach, isChatsKey)
}
