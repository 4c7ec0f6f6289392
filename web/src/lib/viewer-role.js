import { useEffect } from 'react'
import useSWR from 'swr'
import { request } from './request'
import { setUser, useAuth } from './auth-store'

/** getViewer loads GET /api/users/me (the signed-in visitor of a public page) and returns data.user. */
export async function getViewer() {
  /** @type {import('./api-types').Answer<'/api/users/me', 'get'>} */
  const json = await request('users/me')
  return json?.data?.user ?? null
}

/**
 * useViewerRole is the role of whoever opens a public page: null for a visitor without a session; for a session
 * opened on this page (no app shell has loaded the profile yet) it loads the profile once and stores it.
 */
export function useViewerRole() {
  const { isAuthenticated, accessToken, role } = useAuth()
  const { data: user } = useSWR(isAuthenticated && !role && accessToken ? ['users/me', accessToken] : null, getViewer, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  })
  useEffect(() => {
    if (user) setUser(user)
  }, [user])
  return isAuthenticated ? role || user?.role || null : null
}
