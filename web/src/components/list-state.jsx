import { LoadError, Loading } from './status'

/**
 * ListState renders what one SWR read (`swr`: {data, error, isLoading, mutate}) has to show, in the order
 * every list of the app uses:
 * - the first load: <Loading label={loadingLabel}>;
 * - an error while nothing is loaded: <LoadError> with 'Try again' (onRetry, else swr.mutate());
 * - loaded but `isEmpty` (a boolean, or a function of the data): `empty`;
 * - loaded: `children` (a node, or a function of the data).
 * `ready` says when the data counts as loaded (default: data is neither undefined nor null); `errorHidesData`
 * shows the error instead of data already loaded (lists whose last query failed).
 * @template D
 * @param {{swr: {data?: D, error?: any, isLoading?: boolean, mutate: () => unknown}, loadingLabel?: string, isEmpty?: boolean | ((data: D) => boolean), empty?: import('react').ReactNode, ready?: boolean, errorHidesData?: boolean, onRetry?: () => unknown, children?: import('react').ReactNode | ((data: D) => import('react').ReactNode)}} props
 */
export function ListState({ swr, loadingLabel, isEmpty = false, empty = null, ready, errorHidesData = false, onRetry, children }) {
  const { data, error, isLoading, mutate } = swr
  const loaded = ready ?? data != null
  const showError = Boolean(error) && (!loaded || errorHidesData)
  // Once loaded (data is there, or the caller's `ready` says it counts), the data is what the callbacks read.
  const shown = /** @type {D} */ (data)
  const emptyNow = loaded && (typeof isEmpty === 'function' ? isEmpty(shown) : isEmpty)
  return (
    <>
      {isLoading && !loaded && <Loading label={loadingLabel} />}
      {showError && <LoadError error={error} onRetry={onRetry ?? (() => mutate())} />}
      {loaded && !showError && (emptyNow ? empty : typeof children === 'function' ? children(shown) : children)}
    </>
  )
}

/**
 * combineReads joins several SWR reads into one for ListState: loaded when all are, the first error, retry all.
 * @param {...{data?: unknown, error?: unknown, isLoading?: boolean, mutate: () => unknown}} reads
 */
export function combineReads(...reads) {
  return {
    data: reads.every((r) => r.data != null) ? reads.map((r) => r.data) : undefined,
    error: reads.find((r) => r.error)?.error,
    isLoading: reads.some((r) => r.isLoading && r.data == null),
    mutate: () => Promise.all(reads.map((r) => r.mutate())),
  }
}
