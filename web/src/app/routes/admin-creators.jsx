import { AdminCreatorList } from '../../features/admin/components/admin-creator-list'

export default function AdminCreatorsRoute() {
  return <AdminCreatorList />
}
