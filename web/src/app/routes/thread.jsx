import { useParams } from 'react-router-dom'
import { ThreadView } from '../../features/thread/components/thread-view'

export default function ThreadRoute() {
  const { id } = useParams()
  return <ThreadView key={id} offerId={id} />
}
