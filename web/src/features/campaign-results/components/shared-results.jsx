import { useEffect } from 'react'
import { LoadError, Loading } from '../../../components/status'
import { PublicGone, PublicPage } from '../../../components/public-card'
import { PRODUCT_NAME } from '../../../config/app'
import { useSharedResults } from '../api/get-shared-results'
import { ResultsHeading, ResultsView } from './results-view'
import './results.css'

/** EXPIRED is what the page says for an unknown, expired or revoked link (the API's message). */
export const EXPIRED = 'This share link has expired or was revoked'

/**
 * SharedResults is the public page of a share link (no log-in, no sidebar): the campaign's results read-only,
 * without fees unless the brand showed them; a clear page when the link has expired or was revoked.
 * @param {{token: string}} props
 */
export function SharedResults({ token }) {
  const { data: results, error, isLoading, mutate } = useSharedResults(token)
  useEffect(() => {
    document.title = results ? `${results.campaign.campaignName} results · ${PRODUCT_NAME}` : `Shared results · ${PRODUCT_NAME}`
  }, [results])
  if (error?.status === 404) {
    return (
      <PublicPage label="Shared campaign results" className="cc-shared">
        <PublicGone id="share-gone" title={EXPIRED} hint="Ask the brand that sent it for a new link." />
      </PublicPage>
    )
  }
  return (
    <PublicPage label="Shared campaign results" className="cc-shared">
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
    </PublicPage>
  )
}
