import { useParams } from 'react-router-dom'
import { CreatorProfile } from '../../features/creator/components/creator-profile'

export default function CreatorProfileRoute() {
  const { id } = useParams()
  return <CreatorProfile id={id} />
}
