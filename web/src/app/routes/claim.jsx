import { useParams } from 'react-router-dom'
import { ClaimPage } from '../../features/outreach/components/claim-page'

export default function ClaimRoute() {
  const { token } = useParams()
  return <ClaimPage token={token || ''} />
}
