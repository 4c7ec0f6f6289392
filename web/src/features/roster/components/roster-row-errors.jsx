import { useEffect, useState } from 'react'
import { useJobErrors, ERRORS_SHOWN } from '../api/get-job-errors'
import { formatCount } from '../../../lib/format'
import { LoadError, Loading } from '../../../components/status'
import { ScrollRegion } from '../../../components/scroll-region'

/** useBlobUrl makes an object URL for text (revoked when it changes or on unmount). */
function useBlobUrl(text, type) {
  const [url, setUrl] = useState(null)
  useEffect(() => {
    if (text == null || typeof URL.createObjectURL !== 'function') return undefined
    const next = URL.createObjectURL(new Blob([text], { type }))
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [text, type])
  return url
}

/** RosterRowErrors lists the first rows of an import's row errors with a CSV download. */
export function RosterRowErrors({ jobId, failed }) {
  const { data, error, isLoading, mutate } = useJobErrors(jobId)
  const href = useBlobUrl(data?.csv ?? null, 'text/csv')
  const errors = data?.errors ?? []

  return (
    <section className="mt-3" aria-label="Row errors">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 className="h6 fw-bold mb-0">Row errors</h3>
        {href && (
          <a className="btn btn-sm btn-outline-primary" href={href} download={`roster-errors-${jobId}.csv`}>
            Download errors (CSV)
          </a>
        )}
      </div>
      {error && <LoadError error={error} onRetry={() => mutate()} />}
      {isLoading && <Loading label="Loading row errors…" />}
      {errors.length > 0 && (
        <>
          <ScrollRegion label="Failed rows" className="cc-roster-errors border rounded-3 bg-white">
            <table className="table table-sm mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
                  <tr key={i}>
                    <td>{e.row}</td>
                    <td className="text-nowrap">{e.column || '—'}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="small text-secondary mt-2 mb-0">
            {errors.length > ERRORS_SHOWN
              ? `Showing the first ${ERRORS_SHOWN} of ${formatCount(errors.length)} errors; download the CSV for all of them.`
              : `${formatCount(Math.max(errors.length, failed || 0))} ${errors.length === 1 ? 'error' : 'errors'}.`}
          </p>
        </>
      )}
    </section>
  )
}
