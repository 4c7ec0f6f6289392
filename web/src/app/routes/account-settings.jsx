import { ProfileForm } from '../../features/account-settings/components/profile-form'
import { ChangePasswordForm } from '../../features/account-settings/components/change-password-form'
import { BillingSection } from '../../features/billing/components/billing-section'
import { TeamSection } from '../../features/team/components/team-section'
import { AnalyticsSharing } from '../../features/social/components/analytics-sharing'
import { ListingSwitch } from '../../features/social/components/listing'
import { DigestSwitch } from '../../features/thread/components/thread-settings'
import { PayoutsLink } from '../../features/payouts/components/payout-account'
import { DeleteMyAccountSection } from '../../features/account-deletion/components/delete-my-account-section'

export default function AccountSettingsRoute() {
  return (
    <div className="d-flex flex-column gap-4">
      <ProfileForm />
      <ChangePasswordForm />
      <ListingSwitch />
      <AnalyticsSharing />
      <DigestSwitch />
      <BillingSection />
      <PayoutsLink />
      <TeamSection />
      <DeleteMyAccountSection />
    </div>
  )
}
