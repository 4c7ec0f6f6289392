import { Formik, Form } from 'formik'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { login } from '../api/login'
import { sendEmailVerificationOtp } from '../api/send-email-verification-otp'
import { clearSession, setTokens } from '../../../lib/auth-store'
import { toast } from '../../../lib/toast'
import { ApiError } from '../../../lib/request'
import { showServerError } from '../../../lib/form-errors'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { loginSchema } from './login-schema'
import { originOf } from '../../../lib/origin'

export function LoginForm() {
  const navigate = useNavigate()
  const location = useLocation()

  /**
   * @param {{email: string, password: string}} values
   * @param {import('formik').FormikHelpers<{email: string, password: string}>} helpers
   */
  const onSubmit = async (values, helpers) => {
    const email = values.email.trim()
    try {
      const json = await login({ email, password: values.password })
      setTokens({ accessToken: json.data.accessToken, refreshToken: json.data.refreshToken })
      // A deleted account (within the recovery window) is restored by logging in: say so.
      toast.success(json.data.message && json.data.message !== 'Login Successful' ? json.data.message : 'Login Successful')
      navigate(originOf(location.state), { replace: true })
    } catch (err) {
      clearSession()
      if (err instanceof ApiError && String(err.error_code) === '401') {
        try {
          await sendEmailVerificationOtp({ email })
          toast.info('Please verify your email to continue')
          navigate('/verify-email', { state: { email } })
        } catch (sendErr) {
          // 429 = code requests for this address are rate-limited; a recent code may still be in the inbox.
          if (sendErr instanceof ApiError && sendErr.status === 429) {
            toast.info('Please verify your email to continue')
            navigate('/verify-email', { state: { email } })
            return
          }
          toast.error('Failed to send verification code. Please try again.')
        }
        return
      }
      showServerError(err, helpers, 'Login failed, please try again.')
    }
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-1">Welcome back</h1>
      <p className="text-secondary mb-4">Log in to continue to your dashboard.</p>
      <Formik initialValues={{ email: '', password: '' }} validationSchema={loginSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" placeholder="Enter your password" />
            <div className="d-flex justify-content-end mb-3">
              <Link to="/forgot-password" className="small fw-semibold">
                Forgot Password?
              </Link>
            </div>
            <SubmitButton busy={isSubmitting} label="Login" busyLabel="Logging in..." />
          </Form>
        )}
      </Formik>
      <p className="text-center mt-4 mb-0">
        Don't have an account?{' '}
        <Link to="/signup" className="fw-semibold">
          Register
        </Link>
      </p>
      <AuthFooter />
    </>
  )
}

export function AuthFooter() {
  return (
    <p className="text-center small text-secondary mt-4 mb-0">
      By continuing you agree to our <Link to="/terms-and-conditions">Terms &amp; Conditions</Link> and{' '}
      <Link to="/privacy-policy">Privacy Policy</Link>.
    </p>
  )
}
