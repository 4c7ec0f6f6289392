import { choiceResource } from './choice'

/**
 * The creator's listing in the creator network: GET /api/creator-listing (whether the creator answered, is listed,
 * and their entry) and PUT ({ listed }: true lists the creator, false unlists at once).
 */
const listing = choiceResource({
  key: 'creator-listing',
  send: (listed) => ({ listed }),
  read: (data) => data?.listing ?? null,
})

export const useListing = listing.useChoice
export const useSetListing = listing.useSetChoice
