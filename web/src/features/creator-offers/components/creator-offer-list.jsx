import { useState } from 'react'
import { ListState } from '../../../components/list-state'
import { ListPagination } from '../../../lib/list-pagination'
import { useCreatorOffers } from '../api/get-creator-offers'
import { OfferCard } from './offer-card'

const LIMIT = 10

/**
 * CreatorOfferList is the creator's "Offers" page: their offers newest first, each with its brief and answers;
 * `agreement` ({Panel}, given by the page) shows each offer's agreement, which the creator signs to accept.
 * @param {{agreement?: import('react').ComponentProps<typeof OfferCard>['agreement']}} props
 */
export function CreatorOfferList({ agreement = undefined }) {
  const [page, setPage] = useState(1)
  const swr = useCreatorOffers({ page, limit: LIMIT })
  return (
    <ListState
      swr={swr}
      loadingLabel="Loading offers…"
      isEmpty={(d) => d.offers.length === 0}
      empty={<p className="text-secondary">No offers yet. When a brand sends you one, it shows here and you get an e-mail.</p>}
    >
      {(d) => (
        <div className="d-flex flex-column gap-3">
          {d.offers.map((o) => (
            <OfferCard key={o._id} offer={o} agreement={agreement} />
          ))}
          <ListPagination page={d.page} total={d.total} limit={d.limit} onPage={setPage} label="Offers pages" />
        </div>
      )}
    </ListState>
  )
}
