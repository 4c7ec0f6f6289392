import { useState } from 'react'
import { Formik, Form } from 'formik'
import { OtpField } from '../../../components/form/otp-field'
import { useCountdown } from '../../../lib/use-countdown'
import { maskEmail } from '../../../lib/mask-email'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { RESEND_COUNTDOWN_SECONDS, OTP_LENGTH } from '../../../config/app'
import { SubmitButton } from '../../../components/form/submit-button'

/**
 * OtpVerifyCard: six boxes, masked e-mail, a Resend Code link locked for 60 s
 * (restarted after each successful resend) and a Verify button. `onVerify(otp)` checks the code; a refusal is
 * shown on the form (its field errors on the boxes, else its message or `failMessage`).
 * @param {{title: string, email: string, schema: import('yup').Schema, onVerify: (otp: string) => Promise<void>, failMessage: string,
 *   onResend: () => Promise<{data?: {message?: string}} | null | undefined>}} props
 */
export function OtpVerifyCard({ title, email, schema, onVerify, failMessage, onResend }) {
  const [remaining, restart] = useCountdown(RESEND_COUNTDOWN_SECONDS)
  const [resending, setResending] = useState(false)

  /**
   * @param {{otp: string}} values
   * @param {import('formik').FormikHelpers<{otp: string}>} helpers
   */
  const verify = async ({ otp }, helpers) => {
    try {
      await onVerify(otp)
    } catch (err) {
      showServerError(err, helpers, failMessage)
    }
  }

  const resend = async () => {
    if (remaining > 0 || resending) return
    setResending(true)
    try {
      const json = await onResend()
      toast.success(json?.data?.message || 'OTP has been resent to your email')
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
      <Formik initialValues={{ otp: '' }} validationSchema={schema} onSubmit={verify}>
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
