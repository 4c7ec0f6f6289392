import * as yup from 'yup'
import { NAME_PATTERN, PASSWORD_PATTERN } from '../../../lib/validation'

const PASSWORD_MESSAGE =
  'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character'

const shared = {
  email: yup.string().trim().email('Invalid email').required('Email is required'),
  password: yup.string().required('Password is required').matches(PASSWORD_PATTERN, PASSWORD_MESSAGE),
  confirmPassword: yup
    .string()
    .required('Confirm password is required')
    .oneOf([yup.ref('password')], 'Passwords must be same'),
  terms: yup.boolean().oneOf([true], 'You must agree to the Terms & Privacy Policy'),
}

export const creatorSchema = yup.object({
  name: yup.string().required('Full name is required').matches(NAME_PATTERN, 'Special characters are not allowed'),
  ...shared,
  niche: yup.string().required('Creator niche is required'),
})

// The brand form says 'company name is required' for both names, by design.
export const brandSchema = yup.object({
  brandName: yup.string().required('company name is required').matches(NAME_PATTERN, 'Special characters are not allowed'),
  name: yup.string().required('company name is required').matches(NAME_PATTERN, 'Special characters are not allowed'),
  ...shared,
})
