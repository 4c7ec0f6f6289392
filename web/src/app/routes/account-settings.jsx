import { AccountOverview } from '../../features/account-settings/components/account-overview'

export default function AccountSettingsRoute() {
  return <AccountOverview />
}
