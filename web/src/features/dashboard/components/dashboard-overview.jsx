import { useAuth } from '../../../lib/auth-store'
import { isBrandRole } from '../../../config/roles'
import { MissionControl } from './mission-control'
import { AdminOverview } from './admin-overview'

/** DashboardOverview greets the user; brand roles get Mission Control with their campaign figures, ADMIN the platform's (the page adds a creator's analytics). */
export function DashboardOverview() {
  const { userName, role, niche } = useAuth()
  const brand = isBrandRole(role)
  const canEdit = role === 'BRAND_ADMIN' || role === 'BRAND_MANAGER'
  return (
    <div className="d-flex flex-column gap-4">
      <section className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <p className="text-secondary small mb-1">Signed in{niche ? ` · ${niche}` : ''}</p>
          <h2 className="h4 fw-bold mb-0">Welcome{userName ? `, ${userName}` : ''}!</h2>
        </div>
      </section>
      {role === 'ADMIN' && <AdminOverview />}
      {brand && <MissionControl canEdit={canEdit} />}
    </div>
  )
}
