/**
 * KeyValues is a small definition list of [label, value] rows, each label beside its value: payment dates, price
 * lines, breakdowns. The class names set the list's, each row's, label's and value's look.
 * @param {{rows: Array<[string, import('react').ReactNode]>, className?: string, rowClassName?: string, labelClassName?: string, valueClassName?: string}} props
 */
export function KeyValues({ rows, className = 'small mb-0', rowClassName = 'd-flex flex-wrap gap-1', labelClassName = 'fw-normal text-secondary', valueClassName = 'mb-0' }) {
  return (
    <dl className={className}>
      {rows.map(([k, v]) => (
        <div key={k} className={rowClassName}>
          <dt className={labelClassName}>{k}</dt>
          <dd className={valueClassName}>{v}</dd>
        </div>
      ))}
    </dl>
  )
}
