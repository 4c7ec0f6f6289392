import { VerifyAgreement } from '../../features/verify/components/verify-agreement'

export default function VerifyRoute() {
  return <VerifyAgreement />
}
