/** formatSize shows a byte count as B, KB or MB. */
export function formatSize(bytes) {
  if (!Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const TYPE_LABELS = { csv: 'CSV', json: 'JSON', xlsx: 'Excel (XLSX)' }

/** fileTypeLabel names a roster file's type from its extension (MIME types vary by browser). */
export function fileTypeLabel(file) {
  const ext = file.name.includes('.') ? file.name.split('.').pop().toLowerCase() : ''
  return TYPE_LABELS[ext] || file.type || 'Unknown'
}

/** formatCount shows an integer with thousands separators; missing values as a dash. */
export function formatCount(n) {
  return Number.isFinite(Number(n)) && n !== null ? Number(n).toLocaleString('en-US') : '—'
}

/** formatDateTime shows an ISO time as a short local date and time. */
export function formatDateTime(iso) {
  if (!iso) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

export const JOB_STATUS = {
  queued: ['Queued', 'text-bg-secondary'],
  running: ['Running', 'text-bg-info'],
  succeeded: ['Succeeded', 'text-bg-success'],
  failed: ['Failed', 'text-bg-danger'],
}
