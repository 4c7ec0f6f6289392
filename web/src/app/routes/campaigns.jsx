import { ROLES } from '../../config/roles'
import { CampaignList } from '../../features/campaign/components/campaign-list'
import { RosterToggle } from '../../features/roster/components/roster-panel'
import { useAuth } from '../../lib/auth-store'
import { AGREEMENT_SLOTS } from '../../features/agreement/components/agreement-slots'

/** CampaignsRoute is the brand's campaigns with their rosters; a BRAND_VIEWER reads both without edit or offer buttons. */
export default function CampaignsRoute() {
  const { role } = useAuth()
  const canEdit = role !== ROLES.BRAND_VIEWER
  return <CampaignList rowExtra={(c) => <RosterToggle campaignId={c._id} name={c.campaignName} canGenerate={canEdit} agreement={AGREEMENT_SLOTS} />} />
}
