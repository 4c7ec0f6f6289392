import { PublicRead } from '../../../components/public-card'
import { useSharedResults } from '../api/get-shared-results'
import { ResultsHeading, ResultsView } from './results-view'
import './results.css'

/** EXPIRED is what the page says for an unknown, expired or revoked link (the API's message). */
export const EXPIRED = 'This share link has expired or was revoked'
const GONE = { id: 'share-gone', title: EXPIRED, hint: 'Ask the brand that sent it for a new link.' }

/**
 * SharedResults is the public page of a share link (no log-in, no sidebar): the campaign's results read-only,
 * without fees unless the brand showed them; a clear page when the link has expired or was revoked.
 * @param {{token: string}} props
 */
export function SharedResults({ token }) {
  const swr = useSharedResults(token)
  const title = swr.data ? `${swr.data.campaign.campaignName} results` : 'Shared results'
  return (
    <PublicRead title={title} label="Shared campaign results" className="cc-shared" swr={swr} loadingLabel="Loading results…" gone={GONE}>
      {(results) => (
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
    </PublicRead>
  )
}
