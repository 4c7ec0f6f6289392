import { Link } from 'react-router-dom'
import { useCampaign } from '../api/get-campaign'
import { EmptyState } from '../../../components/empty-state'
import { Loading } from '../../../components/status'
import { CampaignForm } from './campaign-form'

/**
 * CampaignEditor loads a campaign and shows the update form (read-only once completed).
 * @param {{campaignId: string}} props
 */
export function CampaignEditor({ campaignId }) {
  const { data: campaign, error, isLoading, mutate } = useCampaign(campaignId)
  if (isLoading) return <Loading label="Loading campaign…" />
  if (error || !campaign) {
    const missing = !error || error.status === 404 || error.status === 400 || error.status === 422
    return (
      <EmptyState
        title={missing ? 'Campaign not found' : "We couldn't load this campaign"}
        action={
          <div className="d-flex gap-2 justify-content-center">
            {!missing && (
              <button type="button" className="btn btn-primary" onClick={() => mutate()}>
                Try again
              </button>
            )}
            <Link to="/campaigns" className="btn btn-outline-primary">
              Back to campaigns
            </Link>
          </div>
        }
      >
        <p className="mb-0">{missing ? 'It may have been deleted, or it belongs to another brand.' : error.message}</p>
      </EmptyState>
    )
  }
  return <CampaignForm key={campaign._id} campaign={campaign} />
}
