import { useState } from 'react'
import { getJobErrorsCsv, useJobErrors, ERRORS_PAGE_SIZE } from '../api/get-job-errors'
import { formatCount } from '../../../lib/format'
import { saveFile } from '../../../lib/save-file'
import { toast } from '../../../lib/toast'
import { ListPagination } from '../../../lib/list-pagination'
import { ListState } from '../../../components/list-state'
import { ScrollRegion } from '../../../components/scroll-region'
import { TableHead } from '../../../components/table-head'

/**
 * CreatorImportRowErrors pages through an import's row errors and offers them all as a CSV download.
 * @param {{jobId: string, failed?: number | null}} props
 */
export function CreatorImportRowErrors({ jobId, failed }) {
  const [page, setPage] = useState(1)
  const [saving, setSaving] = useState(false)
  const { data, error, isLoading, mutate } = useJobErrors(jobId, page)
  const errors = data?.errors ?? []
  const total = data?.total ?? 0
  const filename = `roster-errors-${jobId}.csv`

  /** @param {import('react').MouseEvent} e */
  const download = async (e) => {
    e.preventDefault()
    if (saving) return
    setSaving(true)
    try {
      saveFile(await getJobErrorsCsv(jobId), filename, 'text/csv')
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Download failed. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="mt-3" aria-label="Row errors">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 className="h6 fw-bold mb-0">Row errors</h3>
        {total > 0 && (
          <a className="btn btn-sm btn-outline-primary" href={`/api/jobs/${jobId}/errors`} download={filename} onClick={download} aria-busy={saving}>
            Download errors (CSV)
          </a>
        )}
      </div>
      <ListState swr={{ data, error, isLoading, mutate }} loadingLabel="Loading row errors…" errorHidesData isEmpty={errors.length === 0}>
        <>
          <ScrollRegion label="Failed rows" className="cc-import-errors border rounded-3 bg-white">
            <table className="table table-sm mb-0 align-middle">
              <TableHead columns={['Row', 'Column', 'Message']} />
              <tbody>
                {errors.map((e, i) => (
                  <tr key={`${e.row}-${e.column}-${i}`}>
                    <td>{e.row}</td>
                    <td className="text-nowrap">{e.column || '—'}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div className="mt-2">
            {total > ERRORS_PAGE_SIZE ? (
              <ListPagination page={page} total={total} limit={data?.limit || ERRORS_PAGE_SIZE} onPage={setPage} label="Row error pages" />
            ) : (
              <p className="small text-secondary mb-0">
                {formatCount(Math.max(total, failed || 0))} {total === 1 ? 'error' : 'errors'}.
              </p>
            )}
          </div>
        </>
      </ListState>
    </section>
  )
}
