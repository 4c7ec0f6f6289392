import { useState } from 'react'
import { errorMessage, fieldError } from '../../../lib/error-message'

/**
 * useSend submits one of the reading's small text forms: `submit(e)` calls `send()`, with a busy flag and the
 * error to show (the server's message on the first of `fields` it refused, else its message, else `fallback`).
 * @param {() => Promise<unknown>} send
 * @param {string[]} fields
 * @param {string} fallback
 */
export function useSend(send, fields, fallback) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      await send()
    } catch (err) {
      setError(fields.map((f) => fieldError(err, f)).find(Boolean) || errorMessage(err, fallback))
    } finally {
      setBusy(false)
    }
  }
  return { submit, busy, error }
}
