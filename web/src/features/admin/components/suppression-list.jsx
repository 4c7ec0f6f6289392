import { useState } from 'react'
import { useSuppressions } from '../api/get-suppressions'
import { formatDate } from '../../../lib/format'
import { ListPagination } from '../../../lib/list-pagination'
import { TableHead } from '../../../components/table-head'

const REASONS = { unsubscribed: 'Unsubscribed', undeliverable: 'Undeliverable' }

/** SuppressionList is the read-only list of addresses never invited again (unsubscribed or undeliverable). */
export function SuppressionList() {
  const [page, setPage] = useState(1)
  const { data, error } = useSuppressions(page)
  if (error) {
    return (
      <p className="text-danger" role="alert">
        {error.message || 'Failed to load the suppression list.'}
      </p>
    )
  }
  if (!data) return <p role="status">Loading the suppression list…</p>
  return (
    <section className="d-flex flex-column gap-3" aria-label="Suppression list">
      <p className="small text-secondary mb-0">Invitations are never sent to these addresses again.</p>
      {data.suppressions.length === 0 ? (
        <p className="mb-0">No address is suppressed.</p>
      ) : (
        <table className="table cc-admin-table" aria-label="Suppressed addresses">
          <TableHead columns={['E-mail', 'Reason', 'Since']} />
          <tbody>
            {data.suppressions.map((s) => (
              <tr key={s.email}>
                <td className="cc-admin-main">{s.email}</td>
                <td data-label="Reason">{REASONS[s.reason] || s.reason}</td>
                <td data-label="Since" className="text-nowrap">
                  {formatDate(s.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ListPagination page={page} total={data.total} limit={data.limit} onPage={setPage} label="Suppression list pages" />
    </section>
  )
}
