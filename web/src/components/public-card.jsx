import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../config/app'

/**
 * PublicCard is the frame of a public page (a policy, the public account deletion): the product's name
 * linking to /login above `children` in a centred card. `as` is the card's tag; `after` sits below the card.
 * @param {{as?: import('react').ElementType, className?: string, after?: import('react').ReactNode, children?: import('react').ReactNode}} props
 */
export function PublicCard({ as: Card = 'div', className, after, children }) {
  return (
    <div className="cc-public min-vh-100 py-4 py-md-5 px-3">
      <Card className={`card border-0 shadow-sm mx-auto ${className}`}>
        <div className="card-body p-4 p-md-5">
          <Link to="/login" className="d-inline-flex align-items-center gap-2 fw-bold text-decoration-none text-dark mb-4">
            <span className="cc-logo" aria-hidden="true">CC</span>
            {PRODUCT_NAME}
          </Link>
          {children}
        </div>
      </Card>
      {after}
    </div>
  )
}
