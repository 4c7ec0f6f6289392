import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../../../config/app'
import { PublicCard } from '../../../components/public-card'

export const LAST_UPDATED = 'May 14th, 2025'

/**
 * LegalPage frames a policy: title, 'Last Updated' line, sections and links to the others.
 * @param {{title: string, children: import('react').ReactNode}} props
 */
export function LegalPage({ title, children }) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`
    window.scrollTo?.(0, 0)
  }, [title])
  return (
    <PublicCard as="article" className="cc-legal">
      <h1 className="h2 fw-bold mb-1">{title}</h1>
      <p className="text-secondary mb-4">Last Updated {LAST_UPDATED}</p>
      {children}
      <hr className="my-4" />
      <nav aria-label="Legal" className="d-flex flex-wrap gap-3 small">
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
        <Link to="/refund-policy">Refund Policy</Link>
        <Link to="/delete-account">Delete Account</Link>
        <Link to="/login">Login</Link>
      </nav>
    </PublicCard>
  )
}

/** @param {{title: string, children: import('react').ReactNode}} props */
export function Section({ title, children }) {
  return (
    <section className="mb-4">
      <h2 className="h5 fw-bold">{title}</h2>
      {children}
    </section>
  )
}
