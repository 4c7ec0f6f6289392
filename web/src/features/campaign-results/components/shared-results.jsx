import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { LoadError, Loading } from '../../../components/status'
import { PRODUCT_NAME } from '../../../config/app'
import { useSharedResults } from '../api/get-shared-results'
import { ResultsHeading, ResultsView } from './results-view'
import './results.css'

/** EXPIRED is what the page says for an unknown, expired or revoked link (the API's message). */
export const EXPIRED = 'This share link has expired or was revoked'

function Frame({ children }) {
  return (
    <div className="cc-public min-vh-100 py-4 px-3">
      <div className="cc-shared mx-auto d-flex flex-column gap-4">
        <header className="d-flex align-items-center gap-2">
          <span className="cc-logo" aria-hidden="true">
            CC
          </span>
          <span className="fw-bold">{PRODUCT_NAME}</span>
          <span className="text-secondary small ms-auto">Shared campaign results</span>
        </header>
        <main className="d-flex flex-column gap-4">{children}</main>
      </div>
    </div>
  )
}

/**
 * SharedResults is the public page of a share link (no log-in, no sidebar): the campaign's results read-only,
 * without fees unless the brand showed them; a clear page when the link has expired or was revoked.
 */
export function SharedResults({ token }) {
  const { data: results, error, isLoading, mutate } = useSharedResults(token)
  useEffect(() => {
    document.title = results ? `${results.campaign.campaignName} results · ${PRODUCT_NAME}` : `Shared results · ${PRODUCT_NAME}`
  }, [results])
  if (error?.status === 404) {
    return (
      <Frame>
        <section className="card border-0 shadow-sm text-center" aria-labelledby="share-gone">
          <div className="card-body py-5 px-4">
            <h1 id="share-gone" className="h4 fw-bold">
              {EXPIRED}
            </h1>
            <p className="text-secondary mb-4">Ask the brand that sent it for a new link.</p>
            <Link to="/login" className="btn btn-outline-primary">
              Log in to {PRODUCT_NAME}
            </Link>
          </div>
        </section>
      </Frame>
    )
  }
  return (
    <Frame>
      {error && <LoadError error={error} onRetry={() => mutate()} />}
      {isLoading && !results && <Loading label="Loading results…" />}
      {results && (
        <>
          <section className="card border-0 shadow-sm" aria-label="Campaign">
            <div className="card-body p-3 p-md-4">
              <ResultsHeading campaign={results.campaign} as="h1" />
              <p className="small text-secondary mb-0 mt-2">Read-only results shared by {results.campaign.brandName}{results.feesShown ? '' : '; fees are not shown'}.</p>
            </div>
          </section>
          <ResultsView results={results} />
        </>
      )}
    </Frame>
  )
}
