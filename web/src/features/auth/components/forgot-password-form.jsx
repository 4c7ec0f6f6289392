import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { Link, useNavigate } from 'react-router-dom'
import { forgotPassword } from '../api/forgot-password'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'

export const forgotPasswordSchema = yup.object({
  email: yup.string().trim().email('Invalid email').required('Email is required'),
})

export function ForgotPasswordForm() {
  const navigate = useNavigate()
  /**
   * @param {{email: string}} values
   * @param {import('formik').FormikHelpers<{email: string}>} helpers
   */
  const onSubmit = async (values, helpers) => {
    const email = values.email.trim()
    try {
      await forgotPassword({ email })
      toast.success('OTP has been resent to your email')
      navigate('/verify-otp', { state: { email } })
    } catch (err) {
      showServerError(err, helpers, 'Failed to send OTP. Please try again.')
    }
  }
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Forgot password?</h1>
      <p className="text-secondary mb-4">Enter your account e-mail and we'll send you a code to reset it.</p>
      <Formik initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
            <SubmitButton busy={isSubmitting} label="Continue" busyLabel="Sending..." />
          </Form>
        )}
      </Formik>
      <p className="text-center mt-4 mb-0">
        <Link to="/login" className="fw-semibold">
          Back to Login
        </Link>
      </p>
    </>
  )
}
