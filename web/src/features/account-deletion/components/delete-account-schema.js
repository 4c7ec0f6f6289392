import * as yup from 'yup'
import { OTP_PATTERN } from '../../../lib/validation'

/** @typedef {import('../../../lib/api-types').Body<'/api/users', 'delete'>['reason']} DeletionReason */

/** @type {DeletionReason[]} */
export const DELETION_REASONS = [
  'No longer using the service/platform',
  'Found a better alternative',
  'Difficulty navigating the platform',
  'Privacy concerns',
  'Account security concerns',
  'Personal reasons',
  'Others',
]

/**
 * isDeletionReason tells whether a form's reason is one of the reasons the api takes.
 * @param {string} reason
 * @returns {reason is DeletionReason}
 */
export const isDeletionReason = (reason) => DELETION_REASONS.some((r) => r === reason)

/** REASON_REQUIRED is the message for a deletion without a reason. */
export const REASON_REQUIRED = 'Please select a reason for deleting your account'

export const emailSchema = yup.string().trim().required('Email is required').email('Invalid email address')

/** RECOVERY_NOTE tells what deletion means: 30 days to come back, then the data is gone. */
export const RECOVERY_NOTE =
  'After deletion you can recover your account within 30 days by logging in again; after 30 days your data is permanently deleted.'

const reasonSchema = yup.string().required(REASON_REQUIRED)

/** deleteAccountSchema checks the public deletion: e-mail, mailed code and reason. */
export const deleteAccountSchema = yup.object({
  email: emailSchema,
  otp: yup.string().required('OTP digit is required').matches(OTP_PATTERN, 'OTP must be 6 digits'),
  reason: reasonSchema,
})

/** deleteMyAccountSchema checks the signed-in deletion: the reason only. */
export const deleteMyAccountSchema = yup.object({ reason: reasonSchema })
