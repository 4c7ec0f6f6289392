import { useCallback } from 'react'
import { request } from '../../../lib/request'
import { setUser } from '../../../lib/auth-store'
import { useMutation } from '../../../lib/use-mutation'

/** isProfileKey tags the SWR keys holding the signed-in user: the settings profile and the startup 'users/me'. */
/** @param {unknown} key */
export const isProfileKey = (key) => key === 'users/profile' || (Array.isArray(key) && key[0] === 'users/me')

/**
 * updateProfile calls PUT /api/users/profile with {name?, niche?, profileImage?}
 * (profileImage: the key of the caller's own image upload, "" removes it) and
 * resolves to data.user.
 * @param {import('../../../lib/api-types').Body<'/api/users/profile', 'put'>} body
 */
export async function updateProfile(body) {
  /** @type {import('../../../lib/api-types').Answer<'/api/users/profile', 'put'>} */
  const json = await request('users/profile', { method: 'PUT', body, fallback: 'Failed to update profile. Please try again.' })
  return json?.data?.user ?? null
}

/**
 * useUpdateProfile saves the profile, puts the answered user into the auth
 * state at once (the header shows the new name and picture) and revalidates
 * every key holding the user.
 */
export function useUpdateProfile() {
  const save = useCallback(async (/** @type {import('../../../lib/api-types').Body<'/api/users/profile', 'put'>} */ body) => {
    const user = await updateProfile(body)
    if (user) setUser(user)
    return user
  }, [])
  return useMutation(save, isProfileKey)
}
