import { showServerError } from './form-errors'
import { toast } from './toast'

/**
 * saveForm runs a formik form's save: `save()` sends the values and resolves to the message to toast and, where the
 * server answers with what it kept, the values the form starts again from (else the form goes back to its initial
 * values); either way nothing is left unsaved. A refusal goes on the fields and in a toast, as showServerError does.
 * @template V
 * @param {import('./form-errors').ErrorHelpers<V> & {resetForm(next?: {values: V}): void}} helpers
 * @param {() => Promise<{message: string, values?: V}>} save
 * @param {string} fallback
 */
export async function saveForm(helpers, save, fallback) {
  try {
    const { message, values } = await save()
    helpers.resetForm(values ? { values } : undefined)
    toast.success(message)
  } catch (err) {
    showServerError(err, helpers, fallback)
  }
}
