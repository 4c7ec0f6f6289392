/**
 * RemoveButton takes one row out of a list the form edits (a deliverable, a rate-card line): it reads "Remove" and
 * is named `label` for assistive technology ("Remove line 2"); `className` places it.
 * @param {{label: string, onClick: () => unknown, className?: string}} props
 */
export function RemoveButton({ label, onClick, className = '' }) {
  return (
    <button type="button" className={`btn btn-sm btn-outline-danger ${className}`.trim()} onClick={onClick} aria-label={label}>
      Remove
    </button>
  )
}
