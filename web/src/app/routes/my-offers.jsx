import { CreatorOfferList } from '../../features/creator-offers/components/creator-offer-list'
import { AGREEMENT_SLOTS } from '../../features/agreement/components/agreement-slots'

export default function MyOffersRoute() {
  return <CreatorOfferList agreement={AGREEMENT_SLOTS} />
}
