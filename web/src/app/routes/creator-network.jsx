import { CreatorNetwork } from '../../features/creator/components/creator-network'

export default function CreatorNetworkRoute() {
  return <CreatorNetwork />
}
