// Every SWR key of the admin's offer calls starts with 'admins/' (the campaign
// filter and the rosters), so an offer change revalidates them all.
/** @param {unknown} key an SWR key */
export function isOfferKey(key) {
  const k = Array.isArray(key) ? key[0] : key
  return typeof k === 'string' && (k.startsWith('admins/filter-campaign') || k.startsWith('admins/get-roster/'))
}
