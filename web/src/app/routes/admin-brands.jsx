import { AdminBrandList } from '../../features/admin/components/admin-brand-list'
import { CreateBrand } from '../../features/admin/components/create-brand'

export default function AdminBrandsRoute() {
  return (
    <>
      <div className="d-flex justify-content-end mb-3">
        <CreateBrand />
      </div>
      <AdminBrandList />
    </>
  )
}
