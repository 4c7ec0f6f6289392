import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../../../config/app'

/** CoachCard is the dashboard's 'Ask Your {product}' card; it leads to the coaching chat. */
export function CoachCard() {
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="coach-card-title">
      <div className="card-body p-4 d-flex flex-wrap align-items-center justify-content-between gap-3">
        <div>
          <h2 id="coach-card-title" className="h5 fw-bold mb-1">
            Ask Your {PRODUCT_NAME}
          </h2>
          <p className="text-secondary mb-0">Questions about your growth, answered from your own numbers and creators like you.</p>
        </div>
        <Link to="/coach" className="btn btn-primary">
          Ask a question
        </Link>
      </div>
    </section>
  )
}
