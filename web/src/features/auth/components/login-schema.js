import * as yup from 'yup'
import { PASSWORD_PATTERN } from '../../../lib/validation'

export const loginSchema = yup.object({
  email: yup.string().trim().email('Invalid email').required('Email is required'),
  password: yup
    .string()
    .required('Password is required')
    .matches(
      PASSWORD_PATTERN,
      'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character',
    ),
})
