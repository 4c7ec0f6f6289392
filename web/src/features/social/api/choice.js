import useSWR from 'swr'
import { request } from '../../../lib/request'
import { useMutation } from '../../../lib/use-mutation'

const SAVE_FAILED = 'Failed to save your choice. Please try again.'

/**
 * choiceResource builds the calls of one of the creator's yes/no choices kept at `key` (GET and PUT /api/<key>):
 * `send` makes the PUT body from the choice, `read` picks what the caller needs from an answer's data (the choice
 * sent is its second argument, for an answer without it).
 * @template T
 * @param {{ key: string, send: (choice: boolean) => object, read: (data: any, sent?: boolean) => T }} opts
 */
export function choiceResource({ key, send, read }) {
  /** @returns {Promise<T>} */
  const get = async () => read((await request(key))?.data)
  /** @param {boolean} choice @returns {Promise<T>} */
  const set = async (choice) =>
    read((await request(key, { method: 'PUT', body: send(choice), fallback: SAVE_FAILED }))?.data, choice)
  return {
    key,
    get,
    set,
    useChoice: () => useSWR(key, get, { revalidateOnFocus: false }),
    useSetChoice: () => useMutation(set, key),
  }
}
