import { ApiError } from './request'

/**
 * errorMessage is what to tell the user of a caught error: its message when it is an Error that has one, else
 * `fallback` (a catch block's value is unknown: a rejected call may throw anything).
 * @param {unknown} err
 * @param {string} fallback
 */
export function errorMessage(err, fallback) {
  return (err instanceof Error && err.message) || fallback
}

/**
 * fieldError is the server's message on one of the request's fields (ApiError.fields), or undefined.
 * @param {unknown} err
 * @param {string} name
 */
export function fieldError(err, name) {
  return err instanceof ApiError ? err.fields?.[name] || undefined : undefined
}
