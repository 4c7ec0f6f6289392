import { useParams } from 'react-router-dom'
import { SharedResults } from '../../features/campaign-results/components/shared-results'

export default function SharedResultsRoute() {
  const { token } = useParams()
  return <SharedResults token={token} />
}
