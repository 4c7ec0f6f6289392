import { useEffect, useId, useRef, useState } from 'react'
import { formatDate, formatDateTime } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { useShare } from '../api/get-share'
import { useCreateShare } from '../api/create-share'
import { useRevokeShare } from '../api/revoke-share'
import { Modal } from '../../../components/modal'

const MIN_DAYS = 1
const MAX_DAYS = 90

/** ShareModal is the dialog (Modal) with a title and a close button, focus on its first field. */
/** @param {{title: string, onClose: () => void, busy: boolean, children: import('react').ReactNode}} props */
function ShareModal({ title, onClose, busy, children }) {
  const titleId = useId()
  const box = useRef(/** @type {HTMLDivElement | null} */ (null))
  useEffect(() => {
    box.current?.querySelector(/** @type {'input'} */ ('input, button:not(.btn-close)'))?.focus()
  }, [busy, onClose])
  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={busy} closeOnBackdrop boxRef={box}>
      <div className="modal-header border-0 pb-0">
        <h2 id={titleId} className="h5 fw-bold mb-0">
          {title}
        </h2>
        <button type="button" className="btn-close" aria-label="Close" onClick={onClose} disabled={busy} />
      </div>
      <div className="modal-body">{children}</div>
    </Modal>
  )
}

/**
 * LiveLink says whether a link is live, with its expiry and whether it shows fees, and revokes it (confirmed).
 * @param {{share: import('../../../lib/api-types').Schema<'Share'> | null | undefined, onRevoke: () => unknown, busy: boolean}} props
 */
function LiveLink({ share, onRevoke, busy }) {
  const [confirming, setConfirming] = useState(false)
  if (!share) return <p className="small text-secondary">No link is live: nobody can open these results without logging in.</p>
  return (
    <div className="alert alert-info small" role="status">
      <p className="mb-2">
        A link is live until <strong>{formatDateTime(share.expiresAt)}</strong>, {share.showFees ? 'showing' : 'hiding'} fees (made {formatDate(share.createdAt)}).
      </p>
      {confirming ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span>Revoke it? Anyone with the link loses access at once.</span>
          <button type="button" className="btn btn-danger btn-sm" onClick={onRevoke} disabled={busy}>
            Yes, revoke
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)} disabled={busy}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>
          Revoke link
        </button>
      )}
    </div>
  )
}

/**
 * CreatedLink shows the new link once, with Copy, and when it expires.
 * @param {{created: import('../../../lib/api-types').Schema<'ShareCreated'>}} props
 */
function CreatedLink({ created }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url)
      setCopied(true)
    } catch {
      /** @type {HTMLInputElement | null} */ (document.getElementById(id))?.select()
      toast.error('Could not copy: select the link and copy it.')
    }
  }
  return (
    <div className="d-flex flex-column gap-2">
      <label htmlFor={id} className="form-label small fw-semibold mb-0">
        Share link
      </label>
      <div className="input-group">
        <input id={id} className="form-control" readOnly value={created.url} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn-primary" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="small text-secondary mb-0" role="status">
        {copied ? 'Copied to the clipboard. ' : ''}
        Shown only now: copy it before you close this. It works until {formatDateTime(created.expiresAt)} and {created.showFees ? 'shows' : 'hides'} fees.
      </p>
    </div>
  )
}

/**
 * ShareResults is the "Share results" button and dialog of a campaign's results (brand editors and ADMIN): whether
 * a link is live and revoking it; a new read-only link with or without fees and its expiry in days, shown once
 * with Copy. Making a link replaces the live one.
 * @param {{campaignId: string}} props
 */
export function ShareResults({ campaignId }) {
  const [open, setOpen] = useState(false)
  const trigger = useRef(/** @type {HTMLButtonElement | null} */ (null))
  const { data: share } = useShare(campaignId)
  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }
  return (
    <>
      <button ref={trigger} type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        Share results
      </button>
      {share && <span className="badge text-bg-light border align-self-center">Link live until {formatDate(share.expiresAt)}</span>}
      {open && <ShareDialog campaignId={campaignId} share={share} onClose={close} />}
    </>
  )
}

/** @param {{campaignId: string, share: import('../../../lib/api-types').Schema<'Share'> | null | undefined, onClose: () => void}} props */
function ShareDialog({ campaignId, share, onClose }) {
  const create = useCreateShare(campaignId)
  const revoke = useRevokeShare(campaignId)
  const [showFees, setShowFees] = useState(false)
  const [days, setDays] = useState(/** @type {number | string} */ (30))
  const [daysError, setDaysError] = useState('')
  const [created, setCreated] = useState(/** @type {import('../../../lib/api-types').Schema<'ShareCreated'> | null} */ (null))
  const [busy, setBusy] = useState(false)
  const ids = useId()

  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    const n = Number(days)
    if (!Number.isInteger(n) || n < MIN_DAYS || n > MAX_DAYS) {
      setDaysError(`Enter a whole number of days from ${MIN_DAYS} to ${MAX_DAYS}`)
      return
    }
    setDaysError('')
    setBusy(true)
    try {
      setCreated(await create(campaignId, { showFees, expiresInDays: n }))
    } catch (err) {
      const refused = fieldError(err, 'expiresInDays')
      if (refused) setDaysError(refused)
      else toast.error(errorMessage(err, 'Could not create the link. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const doRevoke = async () => {
    setBusy(true)
    try {
      await revoke(campaignId)
      setCreated(null)
      toast.success('Share link revoked')
    } catch (err) {
      toast.error(errorMessage(err, 'Could not revoke the link. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <ShareModal title="Share results" onClose={onClose} busy={busy}>
      <p className="small text-secondary">Anyone with the link sees these results read-only, without logging in, until it expires or you revoke it.</p>
      {created ? <CreatedLink created={created} /> : <LiveLink share={share} onRevoke={doRevoke} busy={busy} />}
      <form className="d-flex flex-column gap-3 mt-3" onSubmit={submit} noValidate aria-label="New share link">
        <div className="form-check">
          <input id={`${ids}-fees`} type="checkbox" className="form-check-input" checked={showFees} onChange={(e) => setShowFees(e.target.checked)} />
          <label htmlFor={`${ids}-fees`} className="form-check-label">
            Show fees
            <span className="d-block small text-secondary">Each creator's fee, the spend, CPM, CPE and cost per view.</span>
          </label>
        </div>
        <div>
          <label htmlFor={`${ids}-days`} className="form-label small fw-semibold mb-1">
            Expires after (days)
          </label>
          <input id={`${ids}-days`} type="number" min={MIN_DAYS} max={MAX_DAYS} className={`form-control${daysError ? ' is-invalid' : ''}`} style={{ maxWidth: '8rem' }}
            value={days} onChange={(e) => setDays(e.target.value)} aria-describedby={daysError ? `${ids}-days-error` : undefined} aria-invalid={Boolean(daysError)} />
          {daysError && (
            <div id={`${ids}-days-error`} className="invalid-feedback d-block">
              {daysError}
            </div>
          )}
        </div>
        {(share || created) && <p className="small text-warning-emphasis mb-0">Creating a new link replaces the live one: the old link stops working.</p>}
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            Done
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Working…' : share || created ? 'Create new link' : 'Create link'}
          </button>
        </div>
      </form>
    </ShareModal>
  )
}
