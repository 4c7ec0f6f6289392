import { fileExtension } from '../api/upload-roster-file'

/** @type {Record<string, string>} */
const TYPE_LABELS = { csv: 'CSV', json: 'JSON', xlsx: 'Excel (XLSX)' }

/**
 * fileTypeLabel names a roster file's type from its extension (MIME types vary by browser).
 * @param {File} file
 */
export function fileTypeLabel(file) {
  return TYPE_LABELS[fileExtension(file)] || file.type || 'Unknown'
}

/** @type {Record<string, [string, string]>} */
export const JOB_STATUS = {
  queued: ['Queued', 'text-bg-secondary'],
  running: ['Running', 'text-bg-info'],
  succeeded: ['Succeeded', 'text-bg-success'],
  failed: ['Failed', 'text-bg-danger'],
}
