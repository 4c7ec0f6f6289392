import { OfferList } from '../../features/offer/components/offer-list'

export default function OffersRoute() {
  return <OfferList />
}
