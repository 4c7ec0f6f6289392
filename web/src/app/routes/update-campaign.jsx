import { useParams } from 'react-router-dom'
import { CampaignFormPlaceholder } from '../../features/campaign/components/campaign-form-placeholder'

export default function UpdateCampaignRoute() {
  const { id } = useParams()
  return <CampaignFormPlaceholder campaignId={id} />
}
