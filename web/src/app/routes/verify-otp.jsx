import { VerifyOtpForm } from '../../features/auth/components/verify-otp-form'

export default function VerifyOtpRoute() {
  return <VerifyOtpForm />
}
