import { useParams } from 'react-router-dom'
import { CampaignResults } from '../../features/campaign-results/components/campaign-results'

export default function CampaignResultsRoute() {
  const { id } = useParams()
  return <CampaignResults id={id} />
}
