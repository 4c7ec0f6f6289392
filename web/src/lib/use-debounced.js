import { useEffect, useState } from 'react'

/** useDebounced returns `value` once it has stopped changing for `ms` milliseconds. */
export function useDebounced(value, ms = 300) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return debounced
}
