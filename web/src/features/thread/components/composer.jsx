import { useId, useState } from 'react'
import { useFormTask } from '../../../lib/use-form-task'
import { postMessage } from '../api/thread-calls'
import { FilePicker, useUploads } from './file-picker'

export const MESSAGE_MAX = 4000

/**
 * Composer writes a message: text up to 4,000 characters with its counter, and up to 5 attachments.
 * @param {{offerId: string, asSupport: boolean, onSent: () => void}} props
 */
export function Composer({ offerId, asSupport, onSent }) {
  const id = useId()
  const [body, setBody] = useState('')
  const { busy, error, submit } = useFormTask()
  const uploads = useUploads(offerId)
  const send = submit(
    body.trim() ? '' : 'Write a message.',
    async () => {
      await postMessage(offerId, { body, attachments: uploads.ready })
      setBody('')
      uploads.reset()
      onSent()
    },
    'Could not send the message. Please try again.',
  )
  return (
    <form className="card border-0 shadow-sm" onSubmit={send} noValidate aria-label="Write a message">
      <div className="card-body p-3">
        <label htmlFor={id} className="form-label fw-semibold">
          {asSupport ? 'Message (shown as Support)' : 'Message'}
        </label>
        <textarea
          id={id}
          className={`form-control ${error ? 'is-invalid' : ''}`}
          rows={3}
          maxLength={MESSAGE_MAX}
          value={body}
          aria-describedby={`${id}-count${error ? ` ${id}-err` : ''}`}
          onChange={(e) => setBody(e.target.value)}
        />
        {error && (
          <div id={`${id}-err`} className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
        <div id={`${id}-count`} className="form-text text-end">
          {body.length.toLocaleString('en-US')} / {MESSAGE_MAX.toLocaleString('en-US')} characters
        </div>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mt-2">
          <FilePicker uploads={uploads} />
          <button type="submit" className="btn btn-primary" disabled={busy || uploads.busy}>
            Send
          </button>
        </div>
      </div>
    </form>
  )
}
