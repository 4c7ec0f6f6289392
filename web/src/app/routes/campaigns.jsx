import { CampaignList } from '../../features/campaign/components/campaign-list'

export default function CampaignsRoute() {
  return <CampaignList />
}
