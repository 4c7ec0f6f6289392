import { useEffect } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { verifyEmail } from '../api/verify-email'
import { sendEmailVerificationOtp } from '../api/send-email-verification-otp'
import { setTokens } from '../../../lib/auth-store'
import { toast } from '../../../lib/toast'
import { OtpVerifyCard } from './otp-verify-card'
import { verifyEmailSchema } from './otp-schema'
import { originOf } from '../../../lib/origin'

export function VerifyEmailForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const email = location.state?.email

  useEffect(() => {
    if (!email) toast.error('Please register first')
  }, [email])
  if (!email) return <Navigate to="/signup" replace />

  /** @param {string} otp */
  const onVerify = async (otp) => {
    const json = await verifyEmail({ otp, email })
    const { accessToken, refreshToken } = json?.data || {}
    if (accessToken && refreshToken) setTokens({ accessToken, refreshToken })
    toast.success('Email verified successfully!')
    navigate(accessToken && refreshToken ? originOf(location.state) : '/login', { replace: true, state: accessToken && refreshToken ? undefined : location.state })
  }

  return (
    <OtpVerifyCard
      title="Verify your email"
      email={email}
      schema={verifyEmailSchema}
      onVerify={onVerify}
      failMessage="Failed to verify email. Please try again."
      onResend={() => sendEmailVerificationOtp({ email })}
    />
  )
}
