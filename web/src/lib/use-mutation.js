import { useCallback } from 'react'
import { useSWRConfig } from 'swr'

/**
 * useMutation wraps a call that changes server data. The returned function runs
 * call(...args) and, once it succeeded, revalidates the cached SWR keys it
 * affects: `affects` is one key or a predicate over keys (a cache tag). So a
 * feature's mutation hook owns its cache effects and components only call it.
 */
export function useMutation(call, affects) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (...args) => {
      const result = await call(...args)
      mutate(affects)
      return result
    },
    [call, affects, mutate],
  )
}
