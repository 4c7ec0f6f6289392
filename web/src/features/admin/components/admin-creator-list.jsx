import { useAdminCreators } from '../api/get-admin-creators'
import { formatCount, formatDate, formatPercent } from '../../../lib/format'
import { AdminList, useAdminPage } from './admin-list'
import { ScrollRegion } from '../../../components/scroll-region'
import { PLATFORM_NAMES } from '../../../config/platforms'
import { TableHead } from '../../../components/table-head'

/** AdminCreatorList: every creator of the network, searchable, ten per page. */
export function AdminCreatorList() {
  const { state, swr, items: creators } = useAdminPage(useAdminCreators, 'creators')
  return (
    <AdminList noun="creators" placeholder="Search name, e-mail or handle" state={state} swr={swr} count={creators.length}>
      <ScrollRegion label="Creator table">
        <table className="table cc-admin-table" aria-label="Creators">
          <TableHead columns={['Creator', 'Niche & location', 'Tier', { label: 'Followers', className: 'text-md-end' }, { label: 'Engagement', className: 'text-md-end' }, 'Platforms', 'Added']} />
          <tbody>
            {creators.map((c) => (
              <tr key={c._id}>
                <td className="cc-admin-main">
                  <div className="fw-semibold">{c.name}</div>
                  <div className="small text-secondary cc-admin-email">{c.email || '—'}</div>
                </td>
                <td data-label="Niche & location">
                  <div>
                    <div>{c.niche || '—'}</div>
                    {c.location && <div className="small text-secondary">{c.location}</div>}
                  </div>
                </td>
                <td data-label="Tier">
                  <span className={`badge rounded-pill cc-admin-tier cc-admin-tier-${c.tier}`}>{c.tier}</span>
                </td>
                <td data-label="Followers" className="text-md-end">{formatCount(c.followers || 0)}</td>
                <td data-label="Engagement" className="text-md-end">{formatPercent(c.engagementRate)}</td>
                <td data-label="Platforms" className="small">
                  {Object.keys(c.platforms || {})
                    .map((p) => PLATFORM_NAMES[p] || p)
                    .join(', ') || '—'}
                </td>
                <td data-label="Added" className="text-nowrap">{formatDate(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </AdminList>
  )
}
