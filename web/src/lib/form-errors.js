import { ApiError } from './request'
import { toast } from './toast'

/**
 * showServerError maps an ApiError's `fields` into formik errors (and marks
 * them touched) and toasts its message.
 */
export function showServerError(err, helpers, fallback) {
  if (err instanceof ApiError && err.fields && helpers) {
    const fields = Object.fromEntries(Object.entries(err.fields).filter(([, v]) => typeof v === 'string'))
    if (Object.keys(fields).length) {
      helpers.setErrors(fields)
      helpers.setTouched(Object.fromEntries(Object.keys(fields).map((k) => [k, true])), false)
    }
  }
  toast.error(err?.message || fallback)
}
