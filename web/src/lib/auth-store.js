import { useSyncExternalStore } from 'react'
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../config/app'

// The auth state (tokens, user, role, loading and logging-out flags), kept in a tiny external store so the
// api client (outside React) and components share one source of truth.

/**
 * AuthState is the store's state: the tokens, the signed-in user's profile fields (null until the profile arrives)
 * and the flags.
 * @typedef {{accessToken: string | null, refreshToken: string | null, isAuthenticated: boolean, loading: boolean,
 *   userId: string | null, email: string | null, userName: string | null, niche: string | null,
 *   profileImage: string | null, role: import('./api-types').Schema<'UserRole'> | null, isLoggingOut: boolean}} AuthState
 */

/** @param {string} key */
function readToken(key) {
  try {
    return localStorage.getItem(key) || null
  } catch {
    return null
  }
}

/** @type {Pick<AuthState, 'userId' | 'email' | 'userName' | 'niche' | 'profileImage' | 'role'>} */
const emptyUser = { userId: null, email: null, userName: null, niche: null, profileImage: null, role: null }

/** @returns {AuthState} */
function initialState() {
  const accessToken = readToken(ACCESS_TOKEN_KEY)
  const refreshToken = readToken(REFRESH_TOKEN_KEY)
  return {
    accessToken,
    refreshToken,
    isAuthenticated: Boolean(accessToken),
    loading: Boolean(accessToken),
    ...emptyUser,
    isLoggingOut: false,
  }
}

let state = initialState()
/** @type {Set<() => void>} */
const listeners = new Set()

/** @param {Partial<AuthState>} patch */
function setState(patch) {
  state = { ...state, ...patch }
  listeners.forEach((l) => l())
}

export function getAuthState() {
  return state
}

/** @param {() => void} listener */
export function subscribeAuth(listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** useAuth returns the current auth state and re-renders on change. */
export function useAuth() {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState)
}

/**
 * setTokens stores both tokens in localStorage and marks the session authenticated.
 * @param {{accessToken: string, refreshToken: string}} tokens
 */
export function setTokens({ accessToken, refreshToken }) {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken)
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken)
  // Until the profile arrives the role is unknown: guards wait instead of showing the 404 view.
  setState({ accessToken, refreshToken, isAuthenticated: true, isLoggingOut: false, loading: !state.role })
}

/**
 * setUser copies the profile (GET /api/users/me) into the auth state.
 * @param {import('./api-types').Schema<'UserProfile'> | null} user
 */
export function setUser(user) {
  setState({
    loading: false,
    userId: user?._id ?? null,
    email: user?.email ?? null,
    userName: user?.name ?? null,
    niche: user?.niche?.name ?? null,
    profileImage: user?.profileImage || null,
    role: user?.role ?? null,
  })
}

/** @param {boolean} loading */
export function setAuthLoading(loading) {
  setState({ loading })
}

/** clearSession forgets tokens and user data; loggingOut marks a deliberate logout. */
export function clearSession({ loggingOut = false } = {}) {
  localStorage.removeItem(ACCESS_TOKEN_KEY)
  localStorage.removeItem(REFRESH_TOKEN_KEY)
  setState({
    accessToken: null,
    refreshToken: null,
    isAuthenticated: false,
    loading: false,
    ...emptyUser,
    isLoggingOut: loggingOut,
  })
}

/** resetAuthStore re-reads localStorage; for tests. */
export function resetAuthStore() {
  state = initialState()
  listeners.forEach((l) => l())
}
