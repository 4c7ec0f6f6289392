import { PayoutAccount } from '../../features/payouts/components/payout-account'

export default function PayoutsRoute() {
  return <PayoutAccount />
}
