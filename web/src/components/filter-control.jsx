/**
 * FilterControl is one labelled control of a filter bar: a <select> of `options` ({value, label, hint?})
 * when given, else an <input>. Other props go to the control; `className`/`frameStyle` to its frame.
 * @param {{id: string, label: import('react').ReactNode, className?: string, frameStyle?: import('react').CSSProperties, labelClassName?: string, controlClassName?: string, options?: Array<{value: string, label: string, hint?: string}>} & Record<string, any>} props
 */
export function FilterControl({ id, label, className, frameStyle, labelClassName = 'form-label small mb-1', controlClassName, options, ...props }) {
  return (
    <div className={className} style={frameStyle}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {options ? (
        <select id={id} className={controlClassName} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.hint ? `${o.label} (${o.hint})` : o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} className={controlClassName} {...props} />
      )}
    </div>
  )
}
