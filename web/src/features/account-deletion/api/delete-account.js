import useSWRMutation from 'swr/mutation'
import { api } from '../../../lib/api-client'

/** deleteAccount calls DELETE /api/users/delete-account {email, otp, reason}. */
export function deleteAccount(body) {
  return api('users/delete-account', {
    method: 'DELETE',
    body,
    auth: false,
    fallback: 'Failed to delete account. Please try again.',
  })
}

export function useDeleteAccount() {
  return useSWRMutation('users/delete-account', (_key, { arg }) => deleteAccount(arg))
}
