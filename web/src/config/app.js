/** Product-wide constants: API base, timeouts, toast duration, OTP length and resend countdown, token storage keys. */
export const PRODUCT_NAME = 'Creator Coach'
export const API_BASE = '/api/'
export const API_TIMEOUT_MS = 30000
export const TOAST_DURATION_MS = 5000
export const RESEND_COUNTDOWN_SECONDS = 60
export const OTP_LENGTH = 6
export const ACCESS_TOKEN_KEY = 'access_token'
export const REFRESH_TOKEN_KEY = 'refresh_token'
