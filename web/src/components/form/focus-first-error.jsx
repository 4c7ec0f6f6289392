import { useEffect, useRef } from 'react'
import { useFormikContext } from 'formik'

// INVALID matches a field shown as invalid: inputs, selects and textareas
// (aria-invalid), chip groups (their labels) and radio cards.
const INVALID = '[aria-invalid="true"], .is-invalid, .cc-chip-invalid'

/**
 * firstInvalid is the first invalid control inside root (a label stands for its input), or null.
 * @param {Element | null | undefined} root
 * @returns {HTMLElement | null}
 */
export function firstInvalid(root) {
  // What INVALID matches are the form's HTML controls and labels.
  const el = /** @type {HTMLElement | null | undefined} */ (root?.querySelector(INVALID))
  if (!root || !el) return null
  if (el.tagName === 'LABEL') {
    const label = /** @type {HTMLLabelElement} */ (el)
    return label.control || (label.htmlFor ? root.ownerDocument.getElementById(label.htmlFor) : null) || el
  }
  return el
}

/**
 * FocusFirstError, placed inside a formik form, scrolls to and focuses the
 * first invalid field after a submit that failed (in the browser or on the
 * server). formRef is the form element.
 * @param {{formRef: import('react').RefObject<HTMLFormElement | null>}} props
 */
export function FocusFirstError({ formRef }) {
  const { submitCount, isSubmitting, isValidating } = useFormikContext()
  const handled = useRef(0)
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return
    handled.current = submitCount
    // After the errors have rendered.
    const t = setTimeout(() => {
      const el = firstInvalid(formRef.current)
      if (!el) return
      const box = el.closest('.cc-field, .mb-3') || el
      box.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
      el.focus({ preventScroll: true })
    }, 0)
    return () => clearTimeout(t)
  }, [submitCount, isSubmitting, isValidating, formRef])
  return null
}
