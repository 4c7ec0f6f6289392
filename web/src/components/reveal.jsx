import { useState } from 'react'

/**
 * Reveal is a button that opens, in its place, what it stands for (a form): `children(close)` is shown instead of
 * the button until it calls close().
 * @param {{label: string, className: string, children: (close: () => void) => import('react').ReactNode}} props
 */
export function Reveal({ label, className, children }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
    )
  }
  return children(() => setOpen(false))
}
