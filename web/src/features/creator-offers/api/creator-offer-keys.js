// Every SWR key of the creator's offer calls starts with 'offers' (the list
// and single offers), so an answer revalidates them all.
/** @param {unknown} key */
export function isCreatorOfferKey(key) {
  const k = Array.isArray(key) ? key[0] : key
  return typeof k === 'string' && (k === 'offers' || k.startsWith('offers?') || k.startsWith('offers/'))
}
