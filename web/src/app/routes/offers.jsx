import { OfferList } from '../../features/offer/components/offer-list'
import { AGREEMENT_SLOTS } from '../../features/agreement/components/agreement-slots'

export default function OffersRoute() {
  return <OfferList agreement={AGREEMENT_SLOTS} />
}
