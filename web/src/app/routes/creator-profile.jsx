import { useParams } from 'react-router-dom'
import { CreatorProfile } from '../../features/creator/components/creator-profile'
import { CreatorQuality } from '../../features/quality/components/creator-quality'

export default function CreatorProfileRoute() {
  const { id } = useParams()
  return <CreatorProfile id={id} quality={<CreatorQuality id={id} />} />
}
