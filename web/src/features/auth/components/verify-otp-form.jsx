import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { verifyOtp } from '../api/verify-otp'
import { forgotPassword } from '../api/forgot-password'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { OtpVerifyCard } from './otp-verify-card'
import { verifyOtpSchema } from './otp-schema'

export function VerifyOtpForm() {
  const navigate = useNavigate()
  const email = useLocation().state?.email
  if (!email) return <Navigate to="/forgot-password" replace />

  /**
   * @param {{otp: string}} values
   * @param {import('formik').FormikHelpers<{otp: string}>} helpers
   */
  const onVerify = async ({ otp }, helpers) => {
    try {
      await verifyOtp({ otp, email, type: 'password_reset' })
      toast.success('OTP verified successfully!')
      navigate('/reset-password', { state: { otp, email }, replace: true })
    } catch (err) {
      showServerError(err, helpers, 'Failed to verify OTP. Please try again.')
    }
  }

  return (
    <OtpVerifyCard
      title="Enter verification code"
      email={email}
      schema={verifyOtpSchema}
      onVerify={onVerify}
      onResend={() => forgotPassword({ email })}
      resentMessage="OTP has been resent to your email"
    />
  )
}
