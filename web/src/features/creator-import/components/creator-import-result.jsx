import { formatCount } from '../../../lib/format'
import { CreatorImportRowErrors } from './creator-import-row-errors'
import { StatList } from '../../../components/stat-list'

/** CreatorImportResult is the success panel of a finished import, with its row errors when some rows failed. */
export function CreatorImportResult({ job }) {
  const r = job.result || {}
  const imported = r.imported ?? job.processed - job.failed
  const failed = r.failed ?? job.failed
  return (
    <div>
      <div className="alert alert-success mb-0" role="status">
        <h2 className="h6 fw-bold mb-3">Upload completed successfully!</h2>
        <StatList
          className="cc-import-stats mb-0"
          items={[
            ['Imported', formatCount(imported)],
            ['Failed', formatCount(failed), failed ? 'text-danger' : undefined],
            ['Created', formatCount(r.created)],
            ['Updated', formatCount(r.updated)],
          ]}
        />
        <p className="small mb-0 mt-3">
          {formatCount(r.rows ?? job.total)} rows read{r.unchanged ? `, ${formatCount(r.unchanged)} unchanged` : ''}.
          {r.ignoredColumns?.length ? ` Ignored columns: ${r.ignoredColumns.join(', ')}.` : ''}
        </p>
      </div>
      {failed > 0 && <CreatorImportRowErrors jobId={job.id} failed={failed} />}
    </div>
  )
}
