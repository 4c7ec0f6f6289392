import { CampaignFormPlaceholder } from '../../features/campaign/components/campaign-form-placeholder'

export default function CreateCampaignRoute() {
  return <CampaignFormPlaceholder />
}
