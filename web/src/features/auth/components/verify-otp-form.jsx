import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { verifyOtp } from '../api/verify-otp'
import { forgotPassword } from '../api/forgot-password'
import { toast } from '../../../lib/toast'
import { OtpVerifyCard } from './otp-verify-card'
import { verifyOtpSchema } from './otp-schema'

export function VerifyOtpForm() {
  const navigate = useNavigate()
  const email = useLocation().state?.email
  if (!email) return <Navigate to="/forgot-password" replace />

  /** @param {string} otp */
  const onVerify = async (otp) => {
    await verifyOtp({ otp, email, type: 'password_reset' })
    toast.success('OTP verified successfully!')
    navigate('/reset-password', { state: { otp, email }, replace: true })
  }

  return (
    <OtpVerifyCard
      title="Enter verification code"
      email={email}
      schema={verifyOtpSchema}
      onVerify={onVerify}
      failMessage="Failed to verify OTP. Please try again."
      onResend={() => forgotPassword({ email })}
    />
  )
}
