import { useParams } from 'react-router-dom'
import { CampaignEditor } from '../../features/campaign/components/campaign-editor'
import { RosterPanel } from '../../features/roster/components/roster-panel'

export default function UpdateCampaignRoute() {
  const { id } = useParams()
  return (
    <div className="d-flex flex-column gap-4">
      <CampaignEditor campaignId={id} />
      <RosterPanel campaignId={id} canGenerate />
    </div>
  )
}
