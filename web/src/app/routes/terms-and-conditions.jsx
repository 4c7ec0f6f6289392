import { TermsAndConditions } from '../../features/legal/components/terms-and-conditions'

export default function TermsRoute() {
  return <TermsAndConditions />
}
