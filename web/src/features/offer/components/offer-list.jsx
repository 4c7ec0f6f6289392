import { EmptyState } from '../../../components/empty-state'

/** OfferList: campaign offers across brands arrive in a later release. */
export function OfferList() {
  return (
    <EmptyState title="No campaign offers yet">
      <p className="mb-0">Campaigns from every brand, with their offers and rosters, will be managed here. This page is not built yet.</p>
    </EmptyState>
  )
}
