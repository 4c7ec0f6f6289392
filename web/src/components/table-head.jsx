/**
 * TableHead is a table's header row. Each column is its label, or {label, className} for an aligned one,
 * or {hidden: label} for a column named only for screen readers (a checkbox column).
 * @param {{columns: Array<string | {label?: string, hidden?: string, className?: string}>}} props
 */
export function TableHead({ columns }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const col = typeof c === 'string' ? { label: c } : c
          return (
            <th key={col.label ?? col.hidden} scope="col" className={col.className}>
              {col.hidden ? <span className="visually-hidden">{col.hidden}</span> : col.label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
