/**
 * ScrollRegion wraps content that may scroll (a wide table on a phone, a long
 * list in a box). It is a named region that takes keyboard focus, so keyboard
 * users can scroll it too.
 * @param {{label: string, className?: string, children: import('react').ReactNode}} props
 */
export function ScrollRegion({ label, className = '', children }) {
  return (
    <div className={`table-responsive ${className}`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
