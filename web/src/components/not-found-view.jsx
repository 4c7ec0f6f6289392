import { Link } from 'react-router-dom'

/** NotFoundView is shown for unknown paths and for routes the role may not open. */
export function NotFoundView() {
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-center py-5 px-3 cc-404">
      <p className="display-1 fw-bold text-primary mb-0">404</p>
      <h1 className="h3 fw-bold">Page Not Found</h1>
      <p className="text-secondary mb-4" style={{ maxWidth: 420 }}>
        You don't have permission to access this page or the page doesn't exist.
      </p>
      <Link to="/dashboard" className="btn btn-primary px-4">
        Go to Dashboard
      </Link>
    </div>
  )
}
