import { CampaignList } from '../../features/campaign/components/campaign-list'
import { RosterToggle } from '../../features/roster/components/roster-panel'
import { AGREEMENT_SLOTS } from '../../features/agreement/components/agreement-slots'

export default function CampaignsRoute() {
  return <CampaignList rowExtra={(c) => <RosterToggle campaignId={c._id} name={c.campaignName} canGenerate agreement={AGREEMENT_SLOTS} />} />
}
