import { AdminBrandList } from '../../features/admin/components/admin-brand-list'

export default function AdminBrandsRoute() {
  return <AdminBrandList />
}
