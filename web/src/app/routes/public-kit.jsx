import { useParams } from 'react-router-dom'
import { PublicKit } from '../../features/media-kit/components/public-kit'

export default function PublicKitRoute() {
  const { slug } = useParams()
  return <PublicKit slug={slug} />
}
