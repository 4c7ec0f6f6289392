import { useId, useState } from 'react'
import { errorMessage } from '../../../lib/error-message'
import { formatSize } from '../../../lib/format'
import { ATTACHMENT_MAX, UPLOAD_FALLBACK, checkAttachment, uploadAttachment } from '../api/thread-calls'

/**
 * Upload is a picked file: `tmp` tells it apart in the list; `progress` is a percentage while it uploads (null once it
 * ended), `error` why it was refused or failed, `key` the upload key once it is stored.
 * @typedef {{tmp: string, name: string, size: number, progress: number | null, error: string | null, key?: string}} Upload
 */
/** @typedef {Upload & {key: string}} ReadyUpload */
/** @typedef {ReturnType<typeof useUploads>} Uploads */

/** @type {(f: Upload) => f is ReadyUpload} */
const isReady = (f) => Boolean(f.key)

/**
 * useUploads uploads files to the thread as they are picked (at most ATTACHMENT_MAX, each checked first) and keeps
 * the list: {files: [{key, name, size} | {name, progress} | {name, error}], add(fileList), remove(i), reset(), busy}.
 * @param {string} offerId
 */
export function useUploads(offerId) {
  const [files, setFiles] = useState(/** @type {Upload[]} */ ([]))
  const update = (/** @type {string} */ tmp, /** @type {Partial<Upload>} */ patch) => setFiles((list) => list.map((f) => (f.tmp === tmp ? { ...f, ...patch } : f)))
  const add = (/** @type {ArrayLike<File>} */ picked) => {
    const room = ATTACHMENT_MAX - files.length
    Array.from(picked)
      .slice(0, Math.max(0, room))
      .forEach((file) => {
        const tmp = `${file.name}-${Math.random()}`
        const problem = checkAttachment(file)
        setFiles((list) => [...list, { tmp, name: file.name, size: file.size, progress: problem ? null : 0, error: problem }])
        if (problem) return
        uploadAttachment(offerId, file, { onProgress: (progress) => update(tmp, { progress }) })
          .then((up) => update(tmp, { key: up.key, progress: null }))
          .catch((/** @type {unknown} */ err) => update(tmp, { error: errorMessage(err, UPLOAD_FALLBACK), progress: null }))
      })
  }
  return {
    files,
    add,
    remove: (/** @type {string} */ tmp) => setFiles((list) => list.filter((f) => f.tmp !== tmp)),
    reset: () => setFiles([]),
    busy: files.some((f) => f.progress != null),
    ready: files.filter(isReady),
    full: files.length >= ATTACHMENT_MAX,
  }
}

/**
 * FilePicker is the "Attach files" button and the list of picked files with their progress or problem.
 * @param {{uploads: Uploads, label?: string}} props
 */
export function FilePicker({ uploads, label = 'Attach files' }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={`btn btn-sm btn-outline-secondary mb-0 ${uploads.full ? 'disabled' : ''}`}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        accept="image/*,application/pdf,video/*"
        disabled={uploads.full}
        onChange={(e) => {
          uploads.add(e.target.files ?? [])
          e.target.value = ''
        }}
      />
      <span className="small text-secondary ms-2">Images, PDF or video up to 100 MB, at most {ATTACHMENT_MAX}.</span>
      {uploads.files.length > 0 && (
        <ul className="list-unstyled small mt-2 mb-0 d-flex flex-column gap-1">
          {uploads.files.map((f) => (
            <li key={f.tmp} className="d-flex align-items-center gap-2">
              <span className="text-truncate">{f.name}</span>
              <span className="text-secondary">{formatSize(f.size)}</span>
              {f.progress != null && <span aria-live="polite">{f.progress}%</span>}
              {f.error && <span className="text-danger">{f.error}</span>}
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => uploads.remove(f.tmp)}>
                Remove<span className="visually-hidden"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
