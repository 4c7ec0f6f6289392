import { CreatorOfferList } from '../../features/creator-offers/components/creator-offer-list'

export default function MyOffersRoute() {
  return <CreatorOfferList />
}
