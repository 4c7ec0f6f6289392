import { useAdminBrands } from '../api/get-admin-brands'
import { formatDate } from '../../../lib/format'
import { AdminList, useAdminPage } from './admin-list'
import { TableHead } from '../../../components/table-head'

/** AdminBrandList: every brand with its owner and member count, searchable, ten per page. */
export function AdminBrandList() {
  const { state, swr, items: brands } = useAdminPage(useAdminBrands, 'brands')
  return (
    <AdminList noun="brands" placeholder="Search brands or owners" state={state} swr={swr} count={brands.length}>
      <table className="table cc-admin-table" aria-label="Brands">
        <TableHead columns={['Brand', 'Owner', { label: 'Members', className: 'text-md-end' }, 'Created']} />
        <tbody>
          {brands.map((b) => (
            <tr key={b._id}>
              <td className="cc-admin-main fw-semibold">{b.name}</td>
              <td data-label="Owner">
                <div>
                  <div>{b.ownerName || '—'}</div>
                  <div className="small text-secondary cc-admin-email">{b.ownerEmail}</div>
                </div>
              </td>
              <td data-label="Members" className="text-md-end">{Number(b.members || 0).toLocaleString('en-US')}</td>
              <td data-label="Created" className="text-nowrap">{formatDate(b.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminList>
  )
}
