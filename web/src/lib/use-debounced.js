import { useEffect, useState } from 'react'

/**
 * useDebounced returns `value` once it has stopped changing for `ms` milliseconds.
 * @template T
 * @param {T} value
 * @param {number} [ms]
 * @returns {T}
 */
export function useDebounced(value, ms = 300) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return debounced
}
