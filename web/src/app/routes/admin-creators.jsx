import { AdminCreatorList } from '../../features/admin/components/admin-creator-list'
import { CreatorPayoutState } from '../../features/payouts/components/creator-payout-state'

const payouts = (/** @type {string} */ userId) => <CreatorPayoutState userId={userId} />

export default function AdminCreatorsRoute() {
  return <AdminCreatorList payouts={payouts} />
}
