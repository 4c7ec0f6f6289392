import { useEffect, useState } from 'react'
import { useDebounced } from '../../../lib/use-debounced'
import { ListPagination } from '../../../lib/list-pagination'
import { formatTotal } from '../../../lib/format'
import { EmptyState } from '../../../components/empty-state'
import { SearchBox } from '../../../components/search-box'
import { ListState } from '../../../components/list-state'
import './admin.css'

/**
 * useAdminPage reads the page of an admin list (`useRead`: the call's SWR hook) that the search box and pager ask for.
 * @template {object} T
 * @template {keyof T} K
 * @param {(params: {page: number, search: string}) => import('swr').SWRResponse<T>} useRead
 * @param {K} plural
 */
export function useAdminPage(useRead, plural) {
  const state = useAdminListState()
  const swr = useRead({ page: state.page, search: state.debounced })
  const items = /** @type {T[K] & unknown[]} */ (swr.data?.[plural] ?? [])
  return { state, swr, items }
}

/** useAdminListState keeps the search box (debounced) and the page, back to page 1 on a new search. */
export function useAdminListState() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const debounced = useDebounced(search, 300)
  useEffect(() => setPage(1), [debounced])
  return { search, setSearch, page, setPage, debounced }
}

/**
 * AdminList frames an admin table: search box, total, loading and error
 * states, the empty states and pagination. `noun` is the plural ('creators').
 * @template {{total: number, limit: number}} T
 * @param {{noun: string, placeholder: string, state: ReturnType<typeof useAdminListState>,
 *   swr: import('swr').SWRResponse<T>, count: number,
 *   children: import('react').ReactNode}} props
 */
export function AdminList({ noun, placeholder, state, swr, count, children }) {
  const { search, setSearch, page, setPage, debounced } = state
  const { data, error } = swr
  const total = data?.total ?? 0
  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex flex-wrap align-items-center gap-2" role="search">
        <SearchBox label={`Search ${noun}`} placeholder={placeholder} value={search} onChange={setSearch} basis={240} maxWidth={480} />
        {data && (
          <span className="small text-secondary ms-auto" aria-live="polite">
            {formatTotal(total)} {total === 1 ? noun.replace(/s$/, '') : noun}
          </span>
        )}
      </div>
      <ListState
        swr={swr}
        loadingLabel={`Loading ${noun}…`}
        errorHidesData
        isEmpty={count === 0}
        empty={
          <EmptyState
            title={debounced.trim() ? `No ${noun} match "${debounced.trim()}"` : `No ${noun} yet`}
            action={
              debounced.trim() ? (
                <button type="button" className="btn btn-outline-primary" onClick={() => setSearch('')}>
                  Clear search
                </button>
              ) : null
            }
          >
            <p className="mb-0">{debounced.trim() ? 'Search matches the start of words in names, e-mails and handles.' : `New ${noun} will appear here.`}</p>
          </EmptyState>
        }
      >
        <section className="card border-0 shadow-sm">
          <div className="card-body p-0 p-md-2">{children}</div>
        </section>
      </ListState>
      {total > 0 && !error && <ListPagination page={page} total={total} limit={data?.limit || 10} onPage={setPage} />}
    </div>
  )
}
