import { formatCount } from '../../../lib/format'
import { CreatorImportRowErrors } from './creator-import-row-errors'

/** CreatorImportResult is the success panel of a finished import, with its row errors when some rows failed. */
export function CreatorImportResult({ job }) {
  const r = job.result || {}
  const imported = r.imported ?? job.processed - job.failed
  const failed = r.failed ?? job.failed
  return (
    <div>
      <div className="alert alert-success mb-0" role="status">
        <h2 className="h6 fw-bold mb-3">Upload completed successfully!</h2>
        <dl className="cc-import-stats mb-0">
          <div>
            <dt>Imported</dt>
            <dd>{formatCount(imported)}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd className={failed ? 'text-danger' : undefined}>{formatCount(failed)}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatCount(r.created)}</dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>{formatCount(r.updated)}</dd>
          </div>
        </dl>
        <p className="small mb-0 mt-3">
          {formatCount(r.rows ?? job.total)} rows read{r.unchanged ? `, ${formatCount(r.unchanged)} unchanged` : ''}.
          {r.ignoredColumns?.length ? ` Ignored columns: ${r.ignoredColumns.join(', ')}.` : ''}
        </p>
      </div>
      {failed > 0 && <CreatorImportRowErrors jobId={job.id} failed={failed} />}
    </div>
  )
}
