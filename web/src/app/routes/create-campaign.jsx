import { CampaignForm } from '../../features/campaign/components/campaign-form'

export default function CreateCampaignRoute() {
  return <CampaignForm />
}
