import * as yup from 'yup'
import { PASSWORD_PATTERN } from '../../../lib/validation'

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('Current password is required'),
  newPassword: yup
    .string()
    .required('New password is required')
    .matches(
      PASSWORD_PATTERN,
      'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character',
    ),
  confirmPassword: yup
    .string()
    .required('Confirm password is required')
    .oneOf([yup.ref('newPassword')], 'Passwords must match'),
})
