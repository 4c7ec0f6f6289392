import { Link } from 'react-router-dom'
import { EmptyState } from '../../../components/empty-state'

/** CampaignList: the list arrives with the campaigns API; until then an honest empty state. */
export function CampaignList() {
  return (
    <EmptyState
      title="No campaigns yet"
      action={
        <Link to="/create-campaign" className="btn btn-primary">
          Start New Campaign
        </Link>
      }
    >
      <p className="mb-0">
        Your brand's campaigns will be listed here with their status, budget and dates. Campaign creation is being
        built and will open in an upcoming release.
      </p>
    </EmptyState>
  )
}
