import { RefundPolicy } from '../../features/legal/components/refund-policy'

export default function RefundPolicyRoute() {
  return <RefundPolicy />
}
