import { formatSize } from '../../../lib/format'
import { fileTypeLabel } from './creator-import-format'
import { fileExtension } from '../api/upload-roster-file'

/**
 * RosterFilePreview shows the chosen file's name, size and type with a remove button.
 * @param {{file: File, onRemove: (() => void) | null}} props
 */
export function RosterFilePreview({ file, onRemove }) {
  const ext = fileExtension(file).slice(0, 4).toUpperCase() || 'FILE'
  return (
    <div className="cc-import-file d-flex align-items-center gap-3" aria-label="Selected file">
      <span className="cc-import-ext" aria-hidden="true">
        {ext}
      </span>
      <div className="flex-grow-1 min-w-0">
        <div className="fw-semibold text-truncate">{file.name}</div>
        <div className="small text-secondary">
          <span>{formatSize(file.size)}</span> · <span>{fileTypeLabel(file)}</span>
        </div>
      </div>
      {onRemove && (
        <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove ${file.name}`} onClick={onRemove}>
          Remove
        </button>
      )}
    </div>
  )
}
