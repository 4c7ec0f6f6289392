import { Link } from 'react-router-dom'

/**
 * EmptyState is the honest placeholder of a page whose content a later release fills. Its action is a node, or
 * link: a primary button to another page.
 * @param {{title: import('react').ReactNode, children?: import('react').ReactNode, action?: import('react').ReactNode,
 *   link?: {to: import('react-router-dom').To, label: string}}} props
 */
export function EmptyState({ title, children, action, link }) {
  if (link)
    action = (
      <Link to={link.to} className="btn btn-primary">
        {link.label}
      </Link>
    )
  return (
    <section className="card border-0 shadow-sm cc-empty">
      <div className="card-body text-center py-5 px-4">
        <div className="cc-empty-icon mx-auto mb-3" aria-hidden="true" />
        <h2 className="h5 fw-bold">{title}</h2>
        <div className="text-secondary mx-auto" style={{ maxWidth: 520 }}>
          {children}
        </div>
        {action && <div className="mt-4">{action}</div>}
      </div>
    </section>
  )
}
