import { Earnings } from '../../features/payouts/components/earnings'

export default function EarningsRoute() {
  return <Earnings />
}
