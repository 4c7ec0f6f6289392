import { CampaignList } from '../../features/campaign/components/campaign-list'
import { RosterToggle } from '../../features/roster/components/roster-panel'

export default function CampaignsRoute() {
  return <CampaignList rowExtra={(c) => <RosterToggle campaignId={c._id} name={c.campaignName} canGenerate />} />
}
