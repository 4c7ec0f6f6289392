import { formatCount } from '../../../lib/format'

// The bar spends its first UPLOAD_SHARE percent on the bytes, the rest on the job's rows.
const UPLOAD_SHARE = 30

/**
 * creatorImportProgress turns the upload percent and the job into {percent, label}.
 * @param {{uploadPct: number, job: import('../api/get-job').Job | null | undefined, sending: boolean}} state
 */
export function creatorImportProgress({ uploadPct, job, sending }) {
  if (sending || !job) return { percent: Math.round((uploadPct * UPLOAD_SHARE) / 100), label: `Uploading file… ${uploadPct}%` }
  if (job.status === 'succeeded') return { percent: 100, label: 'Import finished' }
  const percent = UPLOAD_SHARE + Math.round(((Number(job.progress) || 0) * (100 - UPLOAD_SHARE)) / 100)
  if (job.status === 'queued') return { percent, label: 'Waiting for the import to start…' }
  const label = job.total ? `Importing rows… ${formatCount(job.processed)} of ${formatCount(job.total)}` : 'Importing rows…'
  return { percent, label }
}

/**
 * CreatorImportProgress is the bar that follows the upload and then the import job.
 * @param {{percent: number, label: string}} props
 */
export function CreatorImportProgress({ percent, label }) {
  return (
    <div>
      <div className="d-flex justify-content-between small mb-1">
        <span className="text-secondary">{label}</span>
        <span className="fw-semibold">{percent}%</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ height: 10 }}
      >
        <div className={`progress-bar${percent < 100 ? ' progress-bar-striped progress-bar-animated' : ' bg-success'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
