import * as yup from 'yup'
import { OTP_PATTERN } from '../../../lib/validation'

export const verifyEmailSchema = yup.object({
  otp: yup.string().required('Verification code is required').matches(OTP_PATTERN, 'Verification code must be 6 digits'),
})

export const verifyOtpSchema = yup.object({
  otp: yup.string().required('OTP is required').matches(OTP_PATTERN, 'OTP must be 6 digits'),
})
