import { useState } from 'react'
import { Formik, Form } from 'formik'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { register } from '../api/register'
import { toast } from '../../../lib/toast'
import { showServerError } from '../../../lib/form-errors'
import { PASSWORD_HINT } from '../../../lib/validation'
import { TextField } from '../../../components/form/text-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TermsCheckbox } from './terms-checkbox'
import { NicheSelect } from '../../../components/form/niche-select'
import { AuthFooter } from './login-form'
import { brandSchema, creatorSchema } from './signup-schema'

const TABS = [
  { id: 'creator', label: 'Creator' },
  { id: 'brand', label: 'Brand' },
]

/**
 * @typedef {{brandName?: string, name: string, email: string, password: string, confirmPassword: string,
 *   niche?: string, terms: boolean}} SignupValues
 */

/** @type {SignupValues} */
const creatorInitial = { name: '', email: '', password: '', confirmPassword: '', niche: '', terms: false }
/** @type {SignupValues} */
const brandInitial = { brandName: '', name: '', email: '', password: '', confirmPassword: '', terms: false }

/** SignupForm: Creator and Brand tabs; switching tabs remounts, so both forms reset. */
export function SignupForm() {
  const navigate = useNavigate()
  // A claim link sends its invitation's e-mail (prefilled) and where to return after the code; a media kit sends its brand visitors (tab 'brand').
  const { state } = useLocation()
  const [tab, setTab] = useState(state?.tab === 'brand' ? 'brand' : 'creator')
  const invited = typeof state?.email === 'string' ? state.email : ''

  /**
   * @param {SignupValues} values
   * @param {import('formik').FormikHelpers<SignupValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    const email = values.email.trim()
    let body
    if (tab === 'brand') {
      const brandName = (values.brandName ?? '').trim()
      if (!brandName) {
        toast.error('Brand name is required')
        return
      }
      body = { brandName, name: values.name.trim(), email, password: values.password }
    } else {
      body = { name: values.name.trim(), email, password: values.password, niche: values.niche }
    }
    try {
      await register(body)
      toast.success('Please check your email for OTP!')
      navigate('/verify-email', { state: { email, from: state?.from } })
    } catch (err) {
      showServerError(err, helpers, 'Registration failed. Please try again.')
    }
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-1">Create your account</h1>
      <p className="text-secondary mb-3">Join as a creator or as a brand.</p>
      <div className="nav nav-pills nav-fill cc-tabs mb-4" role="tablist" aria-label="Account type">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={`nav-link${tab === t.id ? ' active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <Formik
          key={tab}
          initialValues={tab === 'brand' ? brandInitial : { ...creatorInitial, email: invited }}
          validationSchema={tab === 'brand' ? brandSchema : creatorSchema}
          onSubmit={onSubmit}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              {tab === 'brand' && <TextField label="Company Name" name="brandName" autoComplete="organization" placeholder="Your company" />}
              <TextField label="Full Name" name="name" autoComplete="name" placeholder="Your full name" />
              <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
              <TextField label="Password" name="password" type="password" autoComplete="new-password" placeholder="Create a password" hint={PASSWORD_HINT} />
              <TextField
                label="Confirm Password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                placeholder="Repeat the password"
              />
              {tab === 'creator' && <NicheSelect />}
              <TermsCheckbox />
              <SubmitButton busy={isSubmitting} label="Create Account" busyLabel="Creating Account..." />
            </Form>
          )}
        </Formik>
      </div>
      <p className="text-center mt-4 mb-0">
        Already have an account?{' '}
        <Link to="/login" className="fw-semibold">
          Login
        </Link>
      </p>
      <AuthFooter />
    </>
  )
}
