import { useParams } from 'react-router-dom'
import { CampaignEditor } from '../../features/campaign/components/campaign-editor'

export default function UpdateCampaignRoute() {
  const { id } = useParams()
  return <CampaignEditor campaignId={id} />
}
