const TYPE_LABELS = { csv: 'CSV', json: 'JSON', xlsx: 'Excel (XLSX)' }

/** fileTypeLabel names a roster file's type from its extension (MIME types vary by browser). */
export function fileTypeLabel(file) {
  const ext = file.name.includes('.') ? file.name.split('.').pop().toLowerCase() : ''
  return TYPE_LABELS[ext] || file.type || 'Unknown'
}

export const JOB_STATUS = {
  queued: ['Queued', 'text-bg-secondary'],
  running: ['Running', 'text-bg-info'],
  succeeded: ['Succeeded', 'text-bg-success'],
  failed: ['Failed', 'text-bg-danger'],
}
