import { errorMessage } from './error-message'
import { ApiError } from './request'
import { toast } from './toast'

/**
 * @template V
 * @typedef {{setErrors(errors: import('formik').FormikErrors<V>): unknown,
 *   setTouched(touched: import('formik').FormikTouched<V>, validate?: boolean): unknown}} ErrorHelpers
 */

/**
 * showServerError maps an ApiError's `fields` into formik errors (and marks
 * them touched) and toasts its message.
 * @template V the form's values
 * @param {unknown} err what the call threw: an ApiError, another Error, or anything a rejected call may throw
 * @param {ErrorHelpers<V> | null} helpers formik's helpers of the form (or an adapter over them), or null where the
 *   errors have no field to show on
 * @param {string} fallback the toast's text where the error has no message
 */
export function showServerError(err, helpers, fallback) {
  if (err instanceof ApiError && err.fields && helpers) {
    const fields = Object.fromEntries(Object.entries(err.fields).filter(([, v]) => typeof v === 'string'))
    if (Object.keys(fields).length) {
      helpers.setErrors(/** @type {import('formik').FormikErrors<V>} */ (fields))
      helpers.setTouched(/** @type {import('formik').FormikTouched<V>} */ (Object.fromEntries(Object.keys(fields).map((k) => [k, true]))), false)
    }
  }
  toast.error(errorMessage(err, fallback))
}
