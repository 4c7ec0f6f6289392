import { useCreatorImports } from '../api/get-creator-imports'
import { importResult } from '../api/get-job'
import { formatCount, formatDateTime } from '../../../lib/format'
import { JOB_STATUS } from './creator-import-format'
import { ListState } from '../../../components/list-state'
import { ScrollRegion } from '../../../components/scroll-region'
import { TableHead } from '../../../components/table-head'
import { CardSection } from '../../../components/card-section'

/** RecentCreatorImports lists the ten newest creator imports and their status. */
export function RecentCreatorImports() {
  const { data, error, mutate } = useCreatorImports()
  const jobs = data?.jobs ?? []
  return (
    <CardSection titleId="recent-imports" title="Recent imports" headingClassName="h6 fw-bold mb-3">
      <ListState
        swr={{ data, error, mutate }}
        isEmpty={jobs.length === 0}
        empty={<p className="text-secondary small mb-0">No imports yet. Uploaded rosters will appear here.</p>}
      >
        <ScrollRegion label="Import history">
          <table className="table table-sm align-middle mb-0 cc-import-table">
            <TableHead columns={['Started', 'Status', 'Format', { label: 'Rows', className: 'text-end' }, { label: 'Imported', className: 'text-end' }, { label: 'Failed', className: 'text-end' }]} />
            <tbody>
              {jobs.map((j) => {
                const [label, cls] = JOB_STATUS[j.status] || [j.status, 'text-bg-light']
                const r = importResult(j)
                return (
                  <tr key={j.id}>
                    <td>{formatDateTime(j.createdAt)}</td>
                    <td>
                      <span className={`badge ${cls}`} title={j.status === 'failed' ? j.error : undefined}>
                        {label}
                        {j.status === 'running' ? ` ${j.progress}%` : ''}
                      </span>
                      {j.status === 'failed' && j.error && <div className="small text-danger mt-1">{j.error}</div>}
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
    </CardSection>
  )
}
