import { useParams } from 'react-router-dom'
import { UnsubscribePage } from '../../features/outreach/components/unsubscribe-page'

export default function UnsubscribeRoute() {
  const { token } = useParams()
  return <UnsubscribePage token={token || ''} />
}
