import { SuppressionList } from '../../features/admin/components/suppression-list'

export default function AdminSuppressionsRoute() {
  return <SuppressionList />
}
