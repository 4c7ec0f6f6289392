import { Link } from 'react-router-dom'
import { useAuth } from '../../../lib/auth-store'
import { EmptyState } from '../../../components/empty-state'

const NEXT_BY_ROLE = {
  USER: 'Once you can connect Instagram, YouTube, TikTok or LinkedIn, your likes, views, impressions and followers will be summarised here.',
  ADMIN: 'Platform-wide numbers for brands, creators, offers and rosters will be summarised here.',
  BRAND_ADMIN: 'Spend, reach and results of your campaigns will be summarised here once campaigns are live.',
  BRAND_MANAGER: 'Spend, reach and results of your campaigns will be summarised here once campaigns are live.',
  BRAND_VIEWER: "Your brand's campaign results will be summarised here once campaigns are live.",
}

/** DashboardOverview greets the user; the analytics arrive in a later release. */
export function DashboardOverview() {
  const { userName, role, niche } = useAuth()
  const canCreate = role === 'BRAND_ADMIN' || role === 'BRAND_MANAGER'
  return (
    <div className="d-flex flex-column gap-4">
      <section className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <p className="text-secondary small mb-1">Signed in{niche ? ` · ${niche}` : ''}</p>
          <h2 className="h4 fw-bold mb-0">Welcome{userName ? `, ${userName}` : ''}!</h2>
        </div>
      </section>
      <EmptyState
        title="No performance data yet"
        action={
          canCreate && (
            <Link to="/create-campaign" className="btn btn-primary">
              Create a campaign
            </Link>
          )
        }
      >
        <p className="mb-0">{NEXT_BY_ROLE[role] || 'Your numbers will appear here.'} Nothing here is sample data.</p>
      </EmptyState>
    </div>
  )
}
