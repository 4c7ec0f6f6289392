import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useCreators, CREATORS_PAGE_SIZE } from '../api/get-creators'
import { useDebounced } from '../../../lib/use-debounced'
import { ListPagination } from '../../../lib/list-pagination'
import { formatTotal } from '../../../lib/format'
import { EmptyState } from '../../../components/empty-state'
import { ListState } from '../../../components/list-state'
import { CreatorFilters } from './creator-filters'
import { CreatorCard } from './creator-card'
import { EMPTY_FILTERS, activeFilterCount, filterParams, filtersFromParams } from './creator-options'
import './creator.css'

const FILTER_DEBOUNCE_MS = 300

/**
 * CreatorNetwork: the brands' creator search with filters, sort, cards and
 * pagination. The filters and the page live in the URL's search params
 * (replaced as they change; a new page is a history entry).
 */
export function CreatorNetwork() {
  const [params, setParams] = useSearchParams()
  const query = params.toString()
  const fromURL = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query])
  const page = fromURL.page
  // The inputs follow local state at once (the URL updates in a transition,
  // which would make controlled inputs drop keystrokes); the URL follows it,
  // and a URL changed from outside (back, a link) resets it.
  const [filters, setFilterState] = useState(fromURL.filters)
  const written = useRef(new Set()) // the queries this page wrote and may still see arrive
  useEffect(() => {
    if (written.current.has(query)) return
    written.current.clear()
    setFilterState(fromURL.filters)
  }, [query, fromURL])
  /**
   * @param {import('./creator-options').Filters} next
   * @param {number} p
   * @param {{replace?: boolean}} [options]
   */
  const write = (next, p, options) => {
    const q = filterParams(next, p)
    written.current.add(q.toString())
    setParams(q, options)
  }
  /** @param {import('./creator-options').Filters} next */
  const setFilters = (next) => {
    setFilterState(next)
    write(next, 1, { replace: true })
  }
  const setPage = (/** @type {number} */ p) => write(filters, p)
  const debounced = useDebounced(filters, FILTER_DEBOUNCE_MS)
  const { data, error, isLoading, mutate } = useCreators({ ...debounced, page })

  const filtered = activeFilterCount(debounced) > 0
  const creators = data?.creators ?? []
  const total = data?.total ?? 0
  const estimated = data?.totalEstimated === true
  const limit = data?.limit || CREATORS_PAGE_SIZE
  const clear = () => setFilters(EMPTY_FILTERS)

  if (!filtered && data && total === 0 && !error) {
    return (
      <EmptyState title="No creators in the network yet">
        <p className="mb-0">Creators appear here once an administrator imports a roster or creators sign up.</p>
      </EmptyState>
    )
  }

  return (
    <div className="d-flex flex-column gap-3">
      <CreatorFilters filters={filters} onChange={setFilters} onClear={clear} />
      {data && !error && (
        <p className="small text-secondary mb-0" aria-live="polite">
          {formatTotal(total, estimated)} {total === 1 && !estimated ? 'creator' : 'creators'}
        </p>
      )}
      <ListState
        swr={{ data, error, isLoading, mutate }}
        loadingLabel="Loading creators…"
        errorHidesData
        isEmpty={filtered && total === 0}
        empty={
          <EmptyState
            title="No creators match your filters"
            action={
              <button type="button" className="btn btn-outline-primary" onClick={clear}>
                Clear filters
              </button>
            }
          >
            <p className="mb-0">Try a broader follower range, another tier or niche, or a shorter search.</p>
          </EmptyState>
        }
      >
        {creators.length > 0 && (
          <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-xxl-3 g-3 mb-0" aria-label="Creators">
            {creators.map((c) => (
              <li key={c._id} className="col">
                <CreatorCard creator={c} back={query ? `/creator-network?${query}` : '/creator-network'} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {total > 0 && !error && <ListPagination page={page} total={total} limit={limit} onPage={setPage} estimated={estimated} />}
    </div>
  )
}
