import { useEffect, useState } from 'react'
import { useAuth } from '../../../lib/auth-store'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { useDraftApproval, useSetDraftApproval, useSetThreadSettings, useThreadSettings } from '../api/thread-settings'

/** DigestSwitch is the settings' switch for the unread digest mails (one per conversation after 15 minutes unread). */
export function DigestSwitch() {
  const { role } = useAuth()
  const { data } = useThreadSettings()
  const save = useSetThreadSettings()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!data || role === 'ADMIN') return null
  const change = async (/** @type {boolean} */ on) => {
    setBusy(true)
    setError('')
    try {
      await save(on)
    } catch (e) {
      setError(errorMessage(e, 'Could not save the setting. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="cc-digest-title">
      <div className="card-body">
        <h2 id="cc-digest-title" className="h6 fw-bold">
          Conversation mails
        </h2>
        <div className="form-check form-switch">
          <input id="cc-digest" className="form-check-input" type="checkbox" role="switch" checked={data.digestMail} disabled={busy} onChange={(e) => change(e.target.checked)} />
          <label className="form-check-label" htmlFor="cc-digest">
            Mail me when a message waits unread for 15 minutes (one mail per conversation)
          </label>
        </div>
        {error && (
          <p className="small text-danger mb-0 mt-1" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}

/**
 * DraftApprovalSettings is a campaign's draft approval: drafts wait for review or not, and the auto-approval delay.
 * @param {{campaignId: string}} props
 */
export function DraftApprovalSettings({ campaignId }) {
  const { role } = useAuth()
  const { data } = useDraftApproval(campaignId)
  const save = useSetDraftApproval()
  const [required, setRequired] = useState(true)
  const [hours, setHours] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!data) return
    setRequired(data.required)
    setHours(data.autoApproveHours ? String(data.autoApproveHours) : '')
  }, [data])
  if (!data) return null
  const canEdit = role === 'BRAND_ADMIN' || role === 'BRAND_MANAGER'
  const submit = async (/** @type {import('react').FormEvent} */ e) => {
    e.preventDefault()
    const n = hours === '' ? 0 : Number(hours)
    if (!Number.isInteger(n) || n < 0 || n > 720) return setError('Give a whole number of hours from 1 to 720, or leave it empty.')
    setBusy(true)
    setError('')
    try {
      await save(campaignId, { required, autoApproveHours: n })
      toast.success('Draft approval saved.')
    } catch (err) {
      setError(errorMessage(err, 'Could not save the draft approval. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="card border-0 shadow-sm" onSubmit={submit} noValidate aria-labelledby="cc-approval-title">
      <div className="card-body">
        <h2 id="cc-approval-title" className="h6 fw-bold">
          Draft approval
        </h2>
        <div className="form-check form-switch mb-2">
          <input id="cc-approval-required" className="form-check-input" type="checkbox" role="switch" checked={required} disabled={!canEdit} onChange={(e) => setRequired(e.target.checked)} />
          <label className="form-check-label" htmlFor="cc-approval-required">
            Creators' drafts wait for our review before they post
          </label>
        </div>
        {required && (
          <div className="mb-2" style={{ maxWidth: 320 }}>
            <label htmlFor="cc-approval-hours" className="form-label small fw-semibold">
              Approve automatically after (hours)
            </label>
            <input
              id="cc-approval-hours"
              className={`form-control ${error ? 'is-invalid' : ''}`}
              inputMode="numeric"
              placeholder={`${data.defaultHours} (default)`}
              value={hours}
              disabled={!canEdit}
              aria-describedby={error ? 'cc-approval-err' : 'cc-approval-help'}
              onChange={(e) => setHours(e.target.value.trim())}
            />
            <div id="cc-approval-help" className="form-text">
              A draft nobody reviews is approved by the system after this delay, and both sides are told.
            </div>
            {error && (
              <div id="cc-approval-err" className="invalid-feedback d-block">
                {error}
              </div>
            )}
          </div>
        )}
        {!required && <p className="small text-secondary">Drafts are approved by the system as soon as they are submitted.</p>}
        {canEdit && (
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save draft approval
          </button>
        )}
      </div>
    </form>
  )
}
