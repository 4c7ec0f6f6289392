import { AccountOverview } from '../../features/account-settings/components/account-overview'
import { TeamSection } from '../../features/team/components/team-section'

export default function AccountSettingsRoute() {
  return (
    <div className="d-flex flex-column gap-4">
      <AccountOverview />
      <TeamSection />
    </div>
  )
}
