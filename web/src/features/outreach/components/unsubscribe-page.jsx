import { useState } from 'react'
import { unsubscribe } from '../api/claims'

/**
 * UnsubscribePage confirms an invitation's unsubscribe link, then says what happened.
 * @param {{token: string}} props
 */
export function UnsubscribePage({ token }) {
  const [done, setDone] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const onConfirm = async () => {
    setBusy(true)
    setError('')
    try {
      setDone((await unsubscribe(token)) || 'You will get no more invitations.')
    } catch (e) {
      setError((e instanceof Error && e.message) || 'Failed to unsubscribe. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <h1 className="h3 fw-bold mb-3">Unsubscribe</h1>
      {done ? (
        <p role="status" className="alert alert-success">
          {done}. Your address stays on our suppression list: brands cannot invite you again.
        </p>
      ) : (
        <>
          <p className="text-secondary">Stop all invitations from brands to this e-mail address, for good.</p>
          <button type="button" className="btn btn-primary w-100" disabled={busy} onClick={onConfirm}>
            Stop invitations
          </button>
        </>
      )}
      {error && (
        <p className="text-danger mt-2" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
