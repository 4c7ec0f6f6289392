import { lazy } from 'react'

// SLOTS: the components one feature shows inside another's pages (components/slot.jsx), each in its own lazy chunk.
export const SLOTS = {
  // An offer's payment state: the creator's offer card, the brand's roster row (payouts).
  offerPayment: lazy(() => import('../features/payouts/components/offer-payment').then((m) => ({ default: m.OfferPayment }))),
  // The brand's "pays on time" record on a creator's offer (payouts).
  paysOnTime: lazy(() => import('../features/payouts/components/pays-on-time').then((m) => ({ default: m.PaysOnTime }))),
  // The platform's fee in a brand's confirmation of a move that commits money (payouts).
  platformFee: lazy(() => import('../features/payouts/components/platform-fee').then((m) => ({ default: m.PlatformFee }))),
}
