import { useParams } from 'react-router-dom'
import { CampaignResults } from '../../features/campaign-results/components/campaign-results'
import { CampaignAgreements } from '../../features/agreement/components/campaign-agreements'

export default function CampaignResultsRoute() {
  const { id } = useParams()
  return (
    <div className="d-flex flex-column gap-4">
      <CampaignResults id={id} />
      <CampaignAgreements campaignId={id} />
    </div>
  )
}
