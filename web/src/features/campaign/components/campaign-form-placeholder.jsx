import { Link } from 'react-router-dom'
import { EmptyState } from '../../../components/empty-state'

/** CampaignFormPlaceholder stands in for the create/update form of a later release. */
export function CampaignFormPlaceholder({ campaignId }) {
  return (
    <EmptyState
      title={campaignId ? 'Editing campaigns is coming soon' : 'The campaign form is coming soon'}
      action={
        <Link to="/campaigns" className="btn btn-outline-primary">
          Back to campaigns
        </Link>
      }
    >
      <p className="mb-0">
        You'll set the name, goals, budget, dates, audience, content vibes and usage terms here. Nothing is saved
        yet.
      </p>
    </EmptyState>
  )
}
