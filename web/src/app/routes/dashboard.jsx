import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview'

export default function DashboardRoute() {
  return <DashboardOverview />
}
