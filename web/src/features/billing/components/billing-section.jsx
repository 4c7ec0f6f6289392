import { useAuth } from '../../../lib/auth-store'
import { PaymentCards } from './payment-cards'
import { SubscriptionCard } from './subscription-card'
import { BillingHistory } from './billing-history'

/**
 * BillingSection is the account settings' billing for a creator (role USER):
 * plan and subscription (id "subscription", the coach links there) and saved
 * cards. It renders nothing for other roles.
 */
export function BillingSection() {
  const { role } = useAuth()
  if (role !== 'USER') return null
  return (
    <>
      <SubscriptionCard />
      <PaymentCards />
      <BillingHistory />
    </>
  )
}
