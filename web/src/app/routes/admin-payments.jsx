import { PaymentsBoard } from '../../features/payouts/components/payments-board'

export default function AdminPaymentsRoute() {
  return <PaymentsBoard />
}
