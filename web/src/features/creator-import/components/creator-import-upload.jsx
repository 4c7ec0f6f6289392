import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/request'
import { checkRosterFile, useUploadRosterFile, UPLOAD_FALLBACK } from '../api/upload-roster-file'
import { useJob } from '../api/get-job'
import { RosterFileDropzone } from './roster-file-dropzone'
import { RosterFilePreview } from './roster-file-preview'
import { CreatorImportProgress, creatorImportProgress } from './creator-import-progress'
import { CreatorImportResult } from './creator-import-result'
import './creator-import.css'

/**
 * CreatorImportUpload: choose or drop a roster file, upload it, follow the import job
 * to 100% and show the result. States: idle, file selected, uploading, done.
 */
export function CreatorImportUpload() {
  const [file, setFile] = useState(/** @type {File | null} */ (null))
  const [problem, setProblem] = useState(/** @type {string | null} */ (null))
  const [sending, setSending] = useState(false)
  const [uploadPct, setUploadPct] = useState(0)
  const [jobId, setJobId] = useState(/** @type {string | null} */ (null))
  const [failure, setFailure] = useState(/** @type {string | null} */ (null))
  const controller = useRef(/** @type {AbortController | null} */ (null))
  const uploadRosterFile = useUploadRosterFile()
  const { data: job, error: jobError } = useJob(jobId)

  useEffect(() => () => controller.current?.abort(), [])

  useEffect(() => {
    if (!jobId) return
    if (job?.status === 'failed' || (jobError && !job)) {
      setFailure(job?.error || jobError?.message || UPLOAD_FALLBACK)
      setJobId(null)
    }
  }, [jobId, job, jobError])

  const done = Boolean(jobId && job?.status === 'succeeded')
  const uploading = sending || Boolean(jobId && !done)

  /** @param {File} next */
  const pick = (next) => {
    const reason = checkRosterFile(next)
    setProblem(reason)
    setFailure(null)
    if (!reason) setFile(next)
  }

  const reset = () => {
    setFile(null)
    setProblem(null)
    setFailure(null)
    setJobId(null)
    setUploadPct(0)
  }

  const start = async () => {
    if (!file || uploading) return
    setFailure(null)
    setUploadPct(0)
    setSending(true)
    const abort = new AbortController()
    controller.current = abort
    try {
      const queued = await uploadRosterFile(file, { onProgress: setUploadPct, signal: abort.signal })
      setJobId(queued.id)
    } catch (err) {
      if (err instanceof ApiError && err.error_code === 'aborted') return
      const fileProblem = err instanceof ApiError ? err.fields?.file : undefined
      setFailure(fileProblem || (err instanceof Error && err.message) || UPLOAD_FALLBACK)
    } finally {
      setSending(false)
    }
  }

  const progress = creatorImportProgress({ uploadPct, job, sending })

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="creator-import-title">
      <div className="card-body p-3 p-md-4 d-flex flex-column gap-3">
        <div>
          <h2 id="creator-import-title" className="h6 fw-bold mb-1">
            Upload roster
          </h2>
          <p className="small text-secondary mb-0">
            Import creators from a CSV, JSON or Excel file. Columns are matched by name (Name, Email, Niche, Location, Instagram Handle, Instagram
            Followers, YouTube Subscribers, Engagement Rate, …); creators already in the network are updated.
          </p>
        </div>

        {!file && !done && <RosterFileDropzone onFile={pick} problem={problem} disabled={uploading} />}
        {file && !done && <RosterFilePreview file={file} onRemove={uploading ? null : reset} />}

        {uploading && <CreatorImportProgress {...progress} />}
        {done && job && (
          <>
            <CreatorImportProgress percent={100} label={`${file?.name || 'Roster'} imported`} />
            <CreatorImportResult job={job} />
          </>
        )}

        {failure && !uploading && (
          <div className="alert alert-danger mb-0" role="alert">
            {failure}
          </div>
        )}

        <div className="d-flex flex-wrap gap-2 justify-content-end">
          {done ? (
            <button type="button" className="btn btn-primary" onClick={reset}>
              Upload another file
            </button>
          ) : (
            <button type="button" className="btn btn-primary px-4" disabled={!file || uploading} onClick={start}>
              {uploading ? 'Uploading…' : 'Upload File'}
            </button>
          )}
        </div>
      </div>
    </section>
  )
}
