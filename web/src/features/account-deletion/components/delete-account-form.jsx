import { useState } from 'react'
import { Formik, Form } from 'formik'
import { Link } from 'react-router-dom'
import { sendDeleteAccountOtp } from '../api/send-delete-account-otp'
import { deleteAccount } from '../api/delete-account'
import { toast } from '../../../lib/toast'
import { ApiError } from '../../../lib/request'
import { PublicCard } from '../../../components/public-card'
import { TextField } from '../../../components/form/text-field'
import { OtpField } from '../../../components/form/otp-field'
import { RECOVERY_NOTE, deleteAccountSchema, emailSchema } from './delete-account-schema'
import { DeleteAccountDialog } from './delete-account-dialog'
import { useConfirmDeletion } from './use-confirm-deletion'
import { DeleteReasonFields } from './delete-reason-fields'

/** @typedef {{email: string, otp: string, reason: string}} DeleteAccountValues */

/** DeleteAccountForm: public account deletion confirmed with an e-mailed code. */
export function DeleteAccountForm() {
  const [otpSent, setOtpSent] = useState(false)
  const [sending, setSending] = useState(false)
  const { asking, ask, deleting, onConfirm, cancel } = useConfirmDeletion(
    (/** @type {DeleteAccountValues} */ values, reason) => deleteAccount({ email: values.email.trim(), otp: values.otp, reason }),
  )

  /** @param {import('formik').FormikProps<DeleteAccountValues>} formik */
  const sendOtp = async ({ values, setFieldError, setFieldTouched }) => {
    setFieldTouched('email', true, false)
    let email
    try {
      email = emailSchema.validateSync(values.email)
    } catch (e) {
      setFieldError('email', e instanceof Error ? e.message : 'Invalid email address')
      return
    }
    setSending(true)
    try {
      const json = await sendDeleteAccountOtp({ email })
      setOtpSent(true)
      toast.success(json?.data?.message || 'OTP has been sent to your email')
    } catch (err) {
      if (err instanceof ApiError && err.fields?.email) setFieldError('email', err.fields.email)
      toast.error((err instanceof Error && err.message) || 'Failed to send OTP. Please try again.')
    } finally {
      setSending(false)
    }
  }

  return (
    <PublicCard
      className="cc-public-card"
      after={<DeleteAccountDialog show={asking} busy={deleting} onConfirm={onConfirm} onCancel={cancel} />}
    >
      <h1 className="h3 fw-bold">Delete your account</h1>
      <p className="text-secondary">
        We'll e-mail you a 6-digit code to confirm it's you. {RECOVERY_NOTE}
      </p>
      <Formik
        initialValues={{ email: '', otp: '', reason: '' }}
        validationSchema={deleteAccountSchema}
        onSubmit={ask}
      >
        {(formik) => (
          <Form noValidate>
            <div className="d-flex gap-2 align-items-start">
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                readOnly={otpSent}
                className="flex-grow-1"
                placeholder="you@example.com"
              />
              <button
                type="button"
                className={`btn ${otpSent ? 'btn-success' : 'btn-outline-primary'} cc-send-otp text-nowrap`}
                onClick={() => sendOtp(formik)}
                disabled={otpSent || sending}
              >
                {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {otpSent ? 'OTP Sent' : 'Send OTP'}
              </button>
            </div>
            <OtpField legend="Verification code" />
            <DeleteReasonFields buttonClassName="w-100 cc-btn-lg" />
          </Form>
        )}
      </Formik>
      <p className="small text-secondary mt-4 mb-0">
        Changed your mind? <Link to="/login">Back to Login</Link> · <Link to="/privacy-policy">Privacy Policy</Link>
      </p>
    </PublicCard>
  )
}
