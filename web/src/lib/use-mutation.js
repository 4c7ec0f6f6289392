import { useCallback } from 'react'
import { useSWRConfig } from 'swr'

/**
 * useMutation wraps a call that changes server data. The returned function runs
 * call(...args) and, once it succeeded, revalidates the cached SWR keys it
 * affects: `affects` is one key or a predicate over keys (a cache tag). So a
 * feature's mutation hook owns its cache effects and components only call it.
 * The returned function has the type of `call` (its arguments and answer).
 * @template {(...args: any[]) => Promise<any>} F
 * @param {F} call
 * @param {string | ((key: any) => boolean)} affects
 * @returns {F}
 */
export function useMutation(call, affects) {
  const { mutate } = useSWRConfig()
  const run = useCallback(
    async (/** @type {Parameters<F>} */ ...args) => {
      const result = await call(...args)
      mutate(affects)
      return result
    },
    [call, affects, mutate],
  )
  return /** @type {any} */ (run)
}
