import { Link, useParams, useSearchParams } from 'react-router-dom'
import { CampaignEditor } from '../../features/campaign/components/campaign-editor'
import { FindCreators } from '../../features/campaign/components/find-creators'
import { useCampaign } from '../../features/campaign/api/get-campaign'
import { DraftApprovalSettings } from '../../features/thread/components/thread-settings'
import { RosterPanel } from '../../features/roster/components/roster-panel'
import { AGREEMENT_SLOTS } from '../../features/agreement/components/agreement-slots'

/** UpdateCampaignRoute is the campaign form and, once the campaign has loaded, its roster; a missing campaign is one "not found" view. */
export default function UpdateCampaignRoute() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const { data: campaign } = useCampaign(id)
  return (
    <div className="d-flex flex-column gap-4">
      {campaign && params.get('next') === 'find-creators' && campaign.status === 'active' && <FindCreators />}
      {campaign && (
        <Link to={`/campaigns/${id}/results`} className="align-self-start btn btn-sm btn-outline-primary">
          View results
        </Link>
      )}
      <CampaignEditor campaignId={id} />
      {campaign && <DraftApprovalSettings campaignId={id} />}
      {campaign && <RosterPanel key={campaign._id} campaignId={id} canGenerate startNiches={campaign.creatorCriteria?.niches} agreement={AGREEMENT_SLOTS} />}
    </div>
  )
}
