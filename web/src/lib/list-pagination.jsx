import { formatCount, formatTotal, COUNT_CAP } from './format'

/**
 * ListPagination: 'Showing a–b of n' (n as "10,000+" past the count cap, "about n" when the total is an
 * estimate) with Previous and Next.
 * @param {{page: number, total: number, limit: number, onPage: (page: number) => unknown, label?: string, estimated?: boolean}} props
 */
export function ListPagination({ page, total, limit, onPage, label = 'Pagination', estimated = false }) {
  const pages = Math.max(1, Math.ceil(total / limit))
  const from = (page - 1) * limit + 1
  const to = Math.min(total, page * limit)
  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-between gap-2" aria-label={label}>
      <span className="small text-secondary">
        Showing {formatCount(from)}–{formatCount(to)} of {formatTotal(total, estimated)}
      </span>
      {pages > 1 && (
        <div className="d-flex align-items-center gap-2">
          <button type="button" className="btn btn-sm btn-light" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span className="small text-nowrap" aria-current="page">
            Page {formatCount(page)}
            {total < COUNT_CAP && !estimated ? ` of ${formatCount(pages)}` : ''}
          </span>
          <button type="button" className="btn btn-sm btn-light" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </nav>
  )
}
