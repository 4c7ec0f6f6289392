/**
 * FormActions are a form's submit button and its Cancel side by side: the submit says `busyLabel` while `busy`,
 * and both wait while it is; `disabled` holds the submit back as well. `small` sizes both buttons, `tone` is the
 * submit's colour (bootstrap's btn-{tone}) and `className` adds to the row's classes.
 * @param {{busy: boolean, label: string, busyLabel: string, onCancel: () => unknown, disabled?: boolean, small?: boolean,
 *   tone?: 'primary' | 'danger', className?: string}} props
 */
export function FormActions({ busy, label, busyLabel, onCancel, disabled = false, small = false, tone = 'primary', className = '' }) {
  const size = small ? ' btn-sm' : ''
  return (
    <div className={`d-flex gap-2${className ? ` ${className}` : ''}`}>
      <button type="submit" className={`btn${size} btn-${tone}`} disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className={`btn${size} btn-outline-secondary`} onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  )
}
