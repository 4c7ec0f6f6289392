import { useEffect, useId, useRef, useState } from 'react'
import { useFormikContext } from 'formik'
import { checkUploadFile, uploadFile, UPLOAD_FALLBACK, UPLOAD_TYPES } from '../api/upload-file'
import { ApiError } from '../../../lib/request'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { formatSize } from '../../../lib/format'
import { FieldError } from '../../../components/form/field'

/** @typedef {import('./campaign-values').Attachment & {size?: number}} Attachment */

const ACCEPT = UPLOAD_TYPES.map((t) => `.${t}`).join(',')

/**
 * AttachmentField uploads files to /api/files/upload with a progress bar and keeps
 * the resulting attachments ({key, type, name, url, expiresAt}) in the array `name`.
 * @param {{name: string, label: string, hint?: string, disabled?: boolean, onBusy?: (delta: number) => void}} props
 */
export function AttachmentField({ name, label, hint, disabled, onBusy }) {
  const { values, setFieldValue } = /** @type {import('formik').FormikContextType<Record<string, Attachment[] | undefined>>} */ (useFormikContext())
  const attachments = values[name] || []
  const [uploads, setUploads] = useState(/** @type {{id: string, name: string, progress: number}[]} */ ([]))
  const inputRef = useRef(/** @type {HTMLInputElement | null} */ (null))
  const inputId = useId()
  const latest = useRef(attachments)
  latest.current = attachments
  const controllers = useRef(/** @type {Map<string, AbortController>} */ (new Map()))

  useEffect(() => {
    const map = controllers.current
    return () => map.forEach((c) => c.abort())
  }, [])

  const start = async (/** @type {File} */ file) => {
    const problem = checkUploadFile(file)
    if (problem) {
      toast.error(problem)
      return
    }
    const id = `${Date.now()}-${Math.random()}`
    const controller = new AbortController()
    controllers.current.set(id, controller)
    setUploads((u) => [...u, { id, name: file.name, progress: 0 }])
    onBusy?.(1)
    const setProgress = (/** @type {number} */ progress) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, progress } : x)))
    try {
      const data = await uploadFile(file, { onProgress: setProgress, signal: controller.signal })
      const att = { key: data.key, type: data.type, name: data.name || file.name, size: data.size ?? file.size, url: data.url, expiresAt: data.expiresAt }
      setFieldValue(name, [...latest.current, att])
    } catch (err) {
      if (!(err instanceof ApiError && err.error_code === 'aborted')) toast.error(errorMessage(err, UPLOAD_FALLBACK))
    } finally {
      controllers.current.delete(id)
      onBusy?.(-1)
      setUploads((u) => u.filter((x) => x.id !== id))
    }
  }

  const onPick = (/** @type {import('react').ChangeEvent<HTMLInputElement>} */ e) => {
    const files = [...(e.target.files || [])]
    e.target.value = ''
    files.forEach(start)
  }

  const remove = (/** @type {string} */ key) => setFieldValue(name, attachments.filter((a) => a.key !== key))
  const cancel = (/** @type {string} */ id) => controllers.current.get(id)?.abort()

  return (
    <div className="mb-3 cc-field">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div>
          <label htmlFor={inputId} className="form-label mb-0">
            {label}
          </label>
          {hint && <div className="form-text mt-0">{hint}</div>}
        </div>
        {!disabled && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => inputRef.current?.click()}>
            + Add file
          </button>
        )}
        <input ref={inputRef} id={inputId} type="file" className="visually-hidden" accept={ACCEPT} multiple onChange={onPick} disabled={disabled} tabIndex={-1} />
      </div>
      {attachments.length === 0 && uploads.length === 0 && (
        <div className="cc-dropzone text-secondary small">No files attached</div>
      )}
      <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
        {attachments.map((a) => (
          <li key={a.key} className="cc-file d-flex align-items-center gap-2">
            <span className="cc-file-ext" aria-hidden="true">{((a.name || a.key).split('.').pop() ?? '').slice(0, 4).toUpperCase()}</span>
            <span className="flex-grow-1 min-w-0">
              {a.url ? (
                <a href={a.url} target="_blank" rel="noreferrer" className="d-block text-truncate">
                  {a.name || a.key}
                </a>
              ) : (
                <span className="d-block text-truncate">{a.name || a.key}</span>
              )}
              {a.size ? <span className="small text-secondary">{formatSize(a.size)}</span> : null}
            </span>
            {!disabled && (
              <button type="button" className="btn btn-sm btn-link text-danger" aria-label={`Remove ${a.name || a.key}`} onClick={() => remove(a.key)}>
                Remove
              </button>
            )}
          </li>
        ))}
        {uploads.map((u) => (
          <li key={u.id} className="cc-file d-flex align-items-center gap-2">
            <span className="flex-grow-1 min-w-0">
              <span className="d-block text-truncate small">{u.name}</span>
              <div
                className="progress mt-1"
                role="progressbar"
                aria-label={`Uploading ${u.name}`}
                aria-valuenow={u.progress}
                aria-valuemin={0}
                aria-valuemax={100}
                style={{ height: 6 }}
              >
                <div className="progress-bar" style={{ width: `${u.progress}%` }} />
              </div>
            </span>
            <span className="small text-secondary text-nowrap">{u.progress}%</span>
            <button type="button" className="btn btn-sm btn-link text-secondary" aria-label={`Cancel upload of ${u.name}`} onClick={() => cancel(u.id)}>
              Cancel
            </button>
          </li>
        ))}
      </ul>
      <FieldError name={name} />
    </div>
  )
}

