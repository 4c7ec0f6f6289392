import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '../config/app'
import { LoadError, Loading } from './status'
import { CardSection } from './card-section'

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

/**
 * PublicPage is the frame of a public page that shows a signed-in user's work to anyone with its address (a shared
 * campaign's results, a creator's media kit): the product's name and `label` above `children` in a column whose
 * width `className` sets.
 * @param {{label: string, className: string, children?: import('react').ReactNode}} props
 */
export function PublicPage({ label, className, children }) {
  return (
    <div className="cc-public min-vh-100 py-4 px-3">
      <div className={`${className} mx-auto d-flex flex-column gap-4`}>
        <header className="d-flex align-items-center gap-2">
          <span className="cc-logo" aria-hidden="true">
            CC
          </span>
          <span className="fw-bold">{PRODUCT_NAME}</span>
          <span className="text-secondary small ms-auto">{label}</span>
        </header>
        <main className="d-flex flex-column gap-4">{children}</main>
      </div>
    </div>
  )
}

/**
 * PublicGone is what a PublicPage shows when its address no longer leads anywhere (404): `title` as the heading
 * (labelled by `id`), `hint` on what to do, and a link to log in.
 * @param {{id: string, title: string, hint: string}} props
 */
export function PublicGone({ id, title, hint }) {
  return (
    <CardSection titleId={id} title={title} as="h1" className="text-center" bodyClassName="card-body py-5 px-4" headingClassName="h4 fw-bold">
      <p className="text-secondary mb-4">{hint}</p>
      <Link to="/login" className="btn btn-outline-primary">
        Log in to {PRODUCT_NAME}
      </Link>
    </CardSection>
  )
}

/**
 * PublicRead is a PublicPage that shows one SWR read (`swr`), titled `title` · the product's name in the browser:
 * PublicGone (`gone`) when its address answers 404; else a load error with 'Try again', <Loading label={loadingLabel}>
 * on the first load, and `children` of the data.
 * @template D
 * @param {{title: string, label: string, className: string, swr: {data?: D, error?: any, isLoading?: boolean, mutate: () => unknown},
 *   loadingLabel: string, gone: {id: string, title: string, hint: string}, children: (data: D) => import('react').ReactNode}} props
 */
export function PublicRead({ title, label, className, swr, loadingLabel, gone, children }) {
  const { data, error, isLoading, mutate } = swr
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`
  }, [title])
  return (
    <PublicPage label={label} className={className}>
      {error?.status === 404 ? (
        <PublicGone id={gone.id} title={gone.title} hint={gone.hint} />
      ) : (
        <>
          {error && <LoadError error={error} onRetry={() => mutate()} />}
          {isLoading && !data && <Loading label={loadingLabel} />}
          {data && children(data)}
        </>
      )}
    </PublicPage>
  )
}
