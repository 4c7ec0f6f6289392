import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { resetPassword } from '../api/reset-password'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { PASSWORD_HINT, PASSWORD_PATTERN } from '../../../lib/validation'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'

export const resetPasswordSchema = yup.object({
  password: yup
    .string()
    .required('New password is required')
    .matches(
      PASSWORD_PATTERN,
      'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character',
    ),
  confirmPassword: yup
    .string()
    .required('Confirm password is required')
    .oneOf([yup.ref('password')], 'Passwords must match'),
})

export function ResetPasswordForm() {
  const navigate = useNavigate()
  const { email, otp } = useLocation().state || {}
  if (!email || !otp) return <Navigate to="/forgot-password" replace />

  /**
   * @param {{password: string, confirmPassword: string}} values
   * @param {import('formik').FormikHelpers<{password: string, confirmPassword: string}>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      await resetPassword({ email, otp, password: values.password })
      toast.success('New password set successfully ')
      navigate('/login', { replace: true })
    } catch (err) {
      showServerError(err, helpers, 'Failed to set new password')
    }
  }
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Set a new password</h1>
      <p className="text-secondary mb-4">Choose a strong password you don't use elsewhere.</p>
      <Formik initialValues={{ password: '', confirmPassword: '' }} validationSchema={resetPasswordSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField label="New Password" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
            <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" />
            <SubmitButton busy={isSubmitting} label="Reset Password" busyLabel="Saving..." />
          </Form>
        )}
      </Formik>
    </>
  )
}
