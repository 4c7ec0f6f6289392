import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { acceptInvite } from '../api/accept-invite'
import { useInvitation } from '../api/check-invitation'
import { setTokens } from '../../../lib/auth-store'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { NAME_PATTERN, PASSWORD_HINT, PASSWORD_PATTERN } from '../../../lib/validation'
import { TextField } from '../../../components/form/text-field'
import { Loading } from '../../../components/status'

export const acceptSchema = yup.object({
  name: yup.string().trim().required('Full name is required').matches(NAME_PATTERN, 'Special characters are not allowed'),
  password: yup
    .string()
    .required('Password is required')
    .matches(PASSWORD_PATTERN, 'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character'),
  confirmPassword: yup
    .string()
    .required('Confirm password is required')
    .oneOf([yup.ref('password')], 'Passwords must be same'),
})

const ROLE_WORDS = { BRAND_ADMIN: 'an admin', BRAND_MANAGER: 'a manager', BRAND_VIEWER: 'a viewer' }

/**
 * AcceptInviteForm is /accept-invite?token=: it shows whom the link invites
 * (or why it no longer works), takes a name and password and signs the
 * invitee in.
 */
export function AcceptInviteForm() {
  const [params] = useSearchParams()
  const token = params.get('token') || ''
  const navigate = useNavigate()
  const { data: invite, error, isLoading } = useInvitation(token)
  if (!token || error) {
    return (
      <>
        <h1 className="h3 fw-bold mb-2">Invitation unavailable</h1>
        <p className="text-secondary" role="alert">
          {error?.message || 'This invitation link is not valid. Ask your team admin for a new one.'}
        </p>
        <Link to="/login">Go to login</Link>
      </>
    )
  }
  if (isLoading || !invite) return <Loading label="Checking your invitation…" />

  /**
   * @param {{name: string, password: string, confirmPassword: string}} values
   * @param {import('formik').FormikHelpers<any>} helpers
   */
  const onSubmit = async (values, helpers) => {
    try {
      const json = await acceptInvite({ token, name: values.name.trim(), password: values.password })
      setTokens({ accessToken: json.data.accessToken, refreshToken: json.data.refreshToken })
      toast.success(json.data.message || 'Welcome to the team!')
      navigate('/dashboard', { replace: true })
    } catch (err) {
      showServerError(err, helpers, 'Could not accept the invitation. Please try again.')
    }
  }
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Join {invite.brandName}</h1>
      <p className="text-secondary mb-4">
        {invite.email} is invited as {ROLE_WORDS[invite.role] || 'a member'}. Set your name and password to sign in.
      </p>
      <Formik initialValues={{ name: invite.name || '', password: '', confirmPassword: '' }} validationSchema={acceptSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField label="Full Name" name="name" autoComplete="name" />
            <TextField label="Password" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
            <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" />
            <button type="submit" className="btn btn-primary w-100 cc-btn-lg" disabled={isSubmitting}>
              {isSubmitting ? 'Joining...' : 'Join Team'}
            </button>
          </Form>
        )}
      </Formik>
    </>
  )
}
