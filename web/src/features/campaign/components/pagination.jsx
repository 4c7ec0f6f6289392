/** Pagination: 'Showing a–b of n', with Previous and Next when there is more than one page. */
export function Pagination({ page, pages, total, limit, onPage }) {
  const from = (page - 1) * limit + 1
  const to = Math.min(total, page * limit)
  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-between gap-2" aria-label="Pagination">
      <span className="small text-secondary">
        Showing {from}–{to} of {total}
      </span>
      {pages > 1 && (
        <div className="d-flex align-items-center gap-2">
          <button type="button" className="btn btn-sm btn-light" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span className="small" aria-current="page">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn btn-sm btn-light" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </nav>
  )
}
