import { AcceptInviteForm } from '../../features/team/components/accept-invite-form'

export default function AcceptInviteRoute() {
  return <AcceptInviteForm />
}
