import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../../../config/app'

export const LAST_UPDATED = 'May 14th, 2025'

/** LegalPage frames a policy: title, 'Last Updated' line, sections and links to the others. */
export function LegalPage({ title, children }) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`
    window.scrollTo?.(0, 0)
  }, [title])
  return (
    <div className="cc-public min-vh-100 py-4 py-md-5 px-3">
      <article className="card border-0 shadow-sm mx-auto cc-legal">
        <div className="card-body p-4 p-md-5">
          <Link to="/login" className="d-inline-flex align-items-center gap-2 fw-bold text-decoration-none text-dark mb-4">
            <span className="cc-logo" aria-hidden="true">CC</span>
            {PRODUCT_NAME}
          </Link>
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
        </div>
      </article>
    </div>
  )
}

export function Section({ title, children }) {
  return (
    <section className="mb-4">
      <h2 className="h5 fw-bold">{title}</h2>
      {children}
    </section>
  )
}
