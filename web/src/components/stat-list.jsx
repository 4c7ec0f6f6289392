/**
 * StatList is a list of named figures: each item is [term, value] or [term, value, value's className].
 * @param {{className?: string, items: Array<[string, import('react').ReactNode] | [string, import('react').ReactNode, string | undefined]>}} props
 */
export function StatList({ className, items }) {
  return (
    <dl className={className}>
      {items.map(([term, value, valueClassName]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
