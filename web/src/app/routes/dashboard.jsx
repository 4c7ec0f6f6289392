import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview'
import { CoachCard } from '../../features/coach/components/coach-card'
import { CreatorMissionControl } from '../../features/social/components/creator-mission-control'
import { WhatBrandsSee } from '../../features/quality/components/what-brands-see'
import { useAuth } from '../../lib/auth-store'

export default function DashboardRoute() {
  const { role } = useAuth()
  return (
    <div className="d-flex flex-column gap-4">
      <DashboardOverview />
      {role === 'USER' && <CreatorMissionControl />}
      {role === 'USER' && <WhatBrandsSee />}
      {role === 'USER' && <CoachCard />}
    </div>
  )
}
