import { useId, useRef, useState } from 'react'
import { ROSTER_TYPES } from '../api/upload-roster-file'

const ACCEPT = ROSTER_TYPES.map((t) => `.${t}`).join(',')

/**
 * RosterFileDropzone takes one file by drag and drop or the file chooser and hands it to onFile.
 * @param {{onFile: (file: File) => void, problem?: string | null, disabled?: boolean}} props
 */
export function RosterFileDropzone({ onFile, problem, disabled }) {
  const inputRef = useRef(/** @type {HTMLInputElement | null} */ (null))
  const inputId = useId()
  const [dragging, setDragging] = useState(false)

  /** @param {FileList | null | undefined} files */
  const take = (files) => {
    const file = files?.[0]
    if (file) onFile(file)
  }
  /** @param {import('react').DragEvent} e */
  const onDrop = (e) => {
    e.preventDefault()
    setDragging(false)
    if (!disabled) take(e.dataTransfer?.files)
  }
  /** @param {import('react').DragEvent} e */
  const onDragOver = (e) => {
    e.preventDefault()
    if (!disabled) setDragging(true)
  }

  return (
    <div>
      <div
        role="group"
        aria-label="Roster file drop zone"
        className={`cc-import-drop${dragging ? ' is-dragging' : ''}${problem ? ' is-invalid' : ''}`}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className="cc-import-drop-icon mb-2" aria-hidden="true">
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
          </svg>
        </span>
        <p className="fw-semibold mb-1">Drag and drop your roster file here</p>
        <p className="small text-secondary mb-3">CSV, JSON or Excel (.xlsx), less than 10MB</p>
        <button type="button" className="btn btn-outline-primary" disabled={disabled} onClick={() => inputRef.current?.click()}>
          Choose File
        </button>
        <label htmlFor={inputId} className="visually-hidden">
          Roster file
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="visually-hidden"
          accept={ACCEPT}
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files)
            e.target.value = ''
          }}
        />
      </div>
      {problem && (
        <div className="small text-danger mt-2" role="alert">
          {problem}
        </div>
      )}
    </div>
  )
}
