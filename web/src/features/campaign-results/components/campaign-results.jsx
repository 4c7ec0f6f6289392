import { EmptyState } from '../../../components/empty-state'
import { ListState } from '../../../components/list-state'
import { ROLES } from '../../../config/roles'
import { useAuth } from '../../../lib/auth-store'
import { useResults } from '../api/get-results'
import { ResultsExport } from './results-export'
import { ResultsHeading, ResultsView } from './results-view'
import { ShareResults } from './share-dialog'

const CAN_SHARE = [ROLES.ADMIN, ROLES.BRAND_ADMIN, ROLES.BRAND_MANAGER]

/** ResultsNotFound is the results page of an unknown campaign or another brand's. */
function ResultsNotFound() {
  return (
    <EmptyState
      title="Campaign not found"
      link={{ to: '/dashboard', label: 'Back to Mission Control' }}
    >
      <p className="mb-0">This campaign is not one of your brand's, or the link is wrong.</p>
    </EmptyState>
  )
}

/**
 * CampaignResults is a campaign's results tab for its brand's staff and ADMIN: the campaign, Export CSV and PDF,
 * Share results (editors and ADMIN), then the measured results.
 * @param {{id: string}} props
 */
export function CampaignResults({ id }) {
  const { role } = useAuth()
  const swr = useResults(id)
  if (swr.error?.status === 404) return <ResultsNotFound />
  return (
    <ListState swr={swr} loadingLabel="Loading results…">
      {(results) => (
        <div className="d-flex flex-column gap-4">
          <section className="card border-0 shadow-sm" aria-label="Campaign">
            <div className="card-body p-3 p-md-4">
              <ResultsHeading campaign={results.campaign}>
                {role && CAN_SHARE.includes(role) && <ShareResults campaignId={id} />}
                <ResultsExport campaign={results.campaign} />
              </ResultsHeading>
            </div>
          </section>
          <ResultsView results={results} />
        </div>
      )}
    </ListState>
  )
}
