import { formatCount } from '../../../lib/format'
import { importResult } from '../api/get-job'
import { CreatorImportRowErrors } from './creator-import-row-errors'
import { StatList } from '../../../components/stat-list'

/**
 * CreatorImportResult is the panel of a finished import: "Upload completed successfully!" when every row was
 * imported, else a warning headed "Imported 3 of 6 rows; 3 have errors" with the row errors.
 * @param {{job: import('../api/get-job').Job}} props
 */
export function CreatorImportResult({ job }) {
  const r = importResult(job)
  const imported = r.imported ?? job.processed - job.failed
  const failed = r.failed ?? job.failed
  const rows = r.rows ?? job.total ?? imported + failed
  const heading = failed > 0 ? `Imported ${formatCount(imported)} of ${formatCount(rows)} rows; ${formatCount(failed)} ${failed === 1 ? 'has' : 'have'} errors` : 'Upload completed successfully!'
  return (
    <div>
      <div className={`alert ${failed > 0 ? 'alert-warning' : 'alert-success'} mb-0`} role="status">
        <h2 className="h6 fw-bold mb-3">{heading}</h2>
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
          {formatCount(rows)} rows read{r.unchanged ? `, ${formatCount(r.unchanged)} unchanged` : ''}.
          {r.ignoredColumns?.length ? ` Ignored columns: ${r.ignoredColumns.join(', ')}.` : ''}
        </p>
      </div>
      {failed > 0 && <CreatorImportRowErrors jobId={job.id} failed={failed} />}
    </div>
  )
}
