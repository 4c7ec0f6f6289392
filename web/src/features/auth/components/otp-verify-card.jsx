import { useState } from 'react'
import { Formik, Form } from 'formik'
import { OtpField } from '../../../components/form/otp-field'
import { useCountdown } from '../../../lib/use-countdown'
import { maskEmail } from '../../../lib/mask-email'
import { toast } from '../../../lib/toast'
import { RESEND_COUNTDOWN_SECONDS, OTP_LENGTH } from '../../../config/app'
import { SubmitButton } from '../../../components/form/submit-button'

/**
 * OtpVerifyCard: six boxes, masked e-mail, a Resend Code link locked for 60 s
 * (restarted after each successful resend) and a Verify button.
 * @param {{title: string, email: string, schema: import('yup').Schema,
 *   onVerify: (values: {otp: string}, helpers: import('formik').FormikHelpers<{otp: string}>) => Promise<void>,
 *   onResend: () => Promise<{data?: {message?: string}} | null | undefined>, resentMessage: string}} props
 */
export function OtpVerifyCard({ title, email, schema, onVerify, onResend, resentMessage }) {
  const [remaining, restart] = useCountdown(RESEND_COUNTDOWN_SECONDS)
  const [resending, setResending] = useState(false)

  const resend = async () => {
    if (remaining > 0 || resending) return
    setResending(true)
    try {
      const json = await onResend()
      toast.success(json?.data?.message || resentMessage)
      restart()
    } catch (err) {
      toast.error((err instanceof Error && err.message) || 'Failed to resend OTP. Please try again.')
    } finally {
      setResending(false)
    }
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      <p className="text-secondary mb-4">
        Enter the {OTP_LENGTH}-digit code we sent to <span className="fw-semibold text-body">{maskEmail(email)}</span>
      </p>
      <Formik initialValues={{ otp: '' }} validationSchema={schema} onSubmit={onVerify}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <OtpField className="mb-4" />
            <SubmitButton busy={isSubmitting} label="Verify" busyLabel="Verifying..." />
          </Form>
        )}
      </Formik>
      <p className="text-center mt-4 mb-0">
        Didn't get the code?{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline fw-semibold"
          onClick={resend}
          disabled={remaining > 0 || resending}
        >
          Resend Code{remaining > 0 ? ` (${remaining}s)` : ''}
        </button>
      </p>
    </>
  )
}
