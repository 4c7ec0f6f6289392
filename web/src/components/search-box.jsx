/**
 * SearchBox is the search input of a list: `label` names it for screen
 * readers, onChange gets the text. `basis` and `maxWidth` size it in a flex row.
 * @param {{label: string, value: string, onChange: (text: string) => unknown, placeholder?: string, basis?: number, maxWidth?: number | string}} props
 */
export function SearchBox({ label, value, onChange, placeholder, basis = 220, maxWidth }) {
  return (
    <input
      type="search"
      className="form-control cc-input flex-grow-1"
      style={{ flexBasis: basis, maxWidth }}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}
