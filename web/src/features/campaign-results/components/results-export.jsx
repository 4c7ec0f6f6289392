import { useState } from 'react'
import { saveFile } from '../../../lib/save-file'
import { useBusy } from '../../../lib/use-busy'
import { getResultsCsv, isExportFinished, pdfOf, startResultsPdf, useExportJob } from '../api/export-results'
import { fileStem } from './results-format'

/**
 * ResultsExport offers the campaign's results as files: "Export CSV" downloads it with the session's token;
 * "Export PDF" starts the server's job, shows its progress, then offers the download link.
 * @param {{campaign: import('../../../lib/api-types').Schema<'CampaignResults'>['campaign']}} props
 */
export function ResultsExport({ campaign }) {
  const { busy: csvBusy, run: runCsv } = useBusy()
  const [jobId, setJobId] = useState(/** @type {string | null} */ (null))
  const { busy: starting, run: runStart } = useBusy()
  const { data: job, error: jobError } = useExportJob(jobId)
  const pdf = pdfOf(job)
  const running = starting || (jobId && !isExportFinished(job) && !jobError)

  const exportCsv = () =>
    runCsv(async () => saveFile(await getResultsCsv(campaign._id), `${fileStem(campaign.campaignName)}-results.csv`, 'text/csv'), 'Download failed. Please try again.')
  const exportPdf = () => {
    setJobId(null)
    return runStart(async () => {
      const j = await startResultsPdf(campaign._id)
      setJobId(j.id)
    }, 'Could not start the PDF. Please try again.')
  }
  const progress = job?.progress ?? 0
  return (
    <div className="d-flex flex-column align-items-stretch align-items-md-end gap-2">
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={exportCsv} disabled={csvBusy}>
          {csvBusy ? 'Exporting…' : 'Export CSV'}
        </button>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={exportPdf} disabled={Boolean(running)}>
          {running ? 'Making PDF…' : 'Export PDF'}
        </button>
      </div>
      <div aria-live="polite" className="small">
        {jobId && running && (
          <div className="progress" style={{ minWidth: 200 }} role="progressbar" aria-label="PDF export" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="progress-bar" style={{ width: `${Math.max(progress, 5)}%` }}>
              {progress}%
            </div>
          </div>
        )}
        {pdf && (
          <a href={pdf.url} download={pdf.name} className="btn btn-success btn-sm">
            Download PDF
          </a>
        )}
        {(job?.status === 'failed' || jobError) && (
          <p role="alert" className="text-danger mb-0">
            {job?.error || jobError?.message || 'The PDF could not be made. Please try again.'}
          </p>
        )}
      </div>
    </div>
  )
}
