import * as yup from 'yup'
import { OTP_PATTERN } from '../../../lib/validation'

export const DELETION_REASONS = [
  'No longer using the service/platform',
  'Found a better alternative',
  'Difficulty navigating the platform',
  'Privacy concerns',
  'Account security concerns',
  'Personal reasons',
  'Others',
]

export const emailSchema = yup.string().trim().required('Email is required').email('Invalid email address')

export const deleteAccountSchema = yup.object({
  email: emailSchema,
  otp: yup.string().required('OTP digit is required').matches(OTP_PATTERN, 'OTP must be 6 digits'),
  reason: yup.string().required('Please select a reason for deleting your account'),
})
