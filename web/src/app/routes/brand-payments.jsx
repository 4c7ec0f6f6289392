import { BrandPayments } from '../../features/payouts/components/brand-payments'
import { CardInput } from '../../features/billing/components/add-card'

/** The brand's cards take a card with billing's card form (Stripe Elements, or the test-card picker offline). */
export default function BrandPaymentsRoute() {
  return <BrandPayments CardInput={CardInput} />
}
