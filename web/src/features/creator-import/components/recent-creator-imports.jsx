import { useCreatorImports } from '../api/get-creator-imports'
import { formatCount, formatDateTime } from '../../../lib/format'
import { JOB_STATUS } from './creator-import-format'
import { ListState } from '../../../components/list-state'
import { ScrollRegion } from '../../../components/scroll-region'

/** RecentCreatorImports lists the ten newest creator imports and their status. */
export function RecentCreatorImports() {
  const { data, error, mutate } = useCreatorImports()
  const jobs = data?.jobs ?? []
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="recent-imports">
      <div className="card-body p-3 p-md-4">
        <h2 id="recent-imports" className="h6 fw-bold mb-3">
          Recent imports
        </h2>
        <ListState
          swr={{ data, error, mutate }}
          isEmpty={jobs.length === 0}
          empty={<p className="text-secondary small mb-0">No imports yet. Uploaded rosters will appear here.</p>}
        >
          <ScrollRegion label="Import history">
            <table className="table table-sm align-middle mb-0 cc-import-table">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Status</th>
                  <th scope="col">Format</th>
                  <th scope="col" className="text-end">Rows</th>
                  <th scope="col" className="text-end">Imported</th>
                  <th scope="col" className="text-end">Failed</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => {
                  const [label, cls] = JOB_STATUS[j.status] || [j.status, 'text-bg-light']
                  const r = j.result || {}
                  return (
                    <tr key={j.id}>
                      <td>{formatDateTime(j.createdAt)}</td>
                      <td>
                        <span className={`badge ${cls}`} title={j.status === 'failed' ? j.error : undefined}>
                          {label}
                          {j.status === 'running' ? ` ${j.progress}%` : ''}
                        </span>
                      </td>
                      <td className="text-uppercase small">{r.format || '—'}</td>
                      <td className="text-end">{formatCount(r.rows ?? j.total)}</td>
                      <td className="text-end">{formatCount(r.imported ?? (j.status === 'succeeded' ? j.processed - j.failed : null))}</td>
                      <td className="text-end">{formatCount(r.failed ?? j.failed)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </ListState>
      </div>
    </section>
  )
}
