import { useId, useState } from 'react'
import { useFormTask } from '../../../lib/use-form-task'
import { checkDraft, submitDraft } from '../api/thread-calls'
import { FilePicker, useUploads } from './file-picker'
import { PLATFORMS, missingWords } from './thread-labels'

const CAPTION_MAX = 2200

/**
 * DraftForm is the creator's draft of the post: caption, platform, media files or a link to a private upload. Before
 * it goes, the disclosure check runs; a caption lacking the paid-partnership words or the campaign tag is a warning
 * the creator confirms ("Submit anyway").
 * @param {{offerId: string, platform: string, version: number, onSent: () => void}} props
 */
export function DraftForm({ offerId, platform: offerPlatform, version, onSent }) {
  const id = useId()
  const [open, setOpen] = useState(version === 1)
  const [caption, setCaption] = useState('')
  const [platform, setPlatform] = useState(offerPlatform || 'instagram')
  const [link, setLink] = useState('')
  const [missing, setMissing] = useState(/** @type {string[] | null} */ (null))
  const { busy, error, submit } = useFormTask()
  const uploads = useUploads(offerId)
  /**
   * edited is a change of the caption or the platform: the disclosure check found on the last ones runs again.
   * @param {(value: string) => void} set
   */
  const edited = (set) => (/** @type {{target: {value: string}}} */ e) => {
    set(e.target.value)
    setMissing(null)
  }

  const send = submit(
    caption.trim() ? '' : 'Write the caption.',
    async () => {
      if (missing === null) {
        const found = await checkDraft(offerId, { caption, platform })
        if (found.length) {
          setMissing(found)
          return
        }
      }
      await submitDraft(offerId, { caption, platform, link: link.trim(), media: uploads.ready })
      setCaption('')
      setLink('')
      setMissing(null)
      uploads.reset()
      setOpen(false)
      onSent()
    },
    'Could not submit the draft. Please try again.',
  )

  if (!open) {
    return (
      <button type="button" className="btn btn-outline-primary" onClick={() => setOpen(true)}>
        Submit draft v{version}
      </button>
    )
  }
  return (
    <form className="card border-0 shadow-sm" onSubmit={send} noValidate aria-label={`Draft version ${version}`}>
      <div className="card-body p-3">
        <h2 className="h6 fw-bold">Submit draft v{version} for the brand's review</h2>
        <div className="mb-2">
          <label htmlFor={`${id}-caption`} className="form-label small fw-semibold">
            Caption
          </label>
          <textarea id={`${id}-caption`} className="form-control" rows={4} maxLength={CAPTION_MAX} value={caption} onChange={edited(setCaption)} />
          <div className="form-text text-end">
            {caption.length.toLocaleString('en-US')} / {CAPTION_MAX.toLocaleString('en-US')} characters
          </div>
        </div>
        <div className="row g-2 mb-2">
          <div className="col-12 col-md-4">
            <label htmlFor={`${id}-platform`} className="form-label small fw-semibold">
              Platform
            </label>
            <select id={`${id}-platform`} className="form-select" value={platform} onChange={edited(setPlatform)}>
              {PLATFORMS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-8">
            <label htmlFor={`${id}-link`} className="form-label small fw-semibold">
              Link to a private upload (optional)
            </label>
            <input id={`${id}-link`} type="url" inputMode="url" className="form-control" placeholder="https://" value={link} onChange={(e) => setLink(e.target.value)} />
          </div>
        </div>
        <FilePicker uploads={uploads} label="Add media" />
        {(missing?.length ?? 0) > 0 && (
          <div className="alert alert-warning small mt-3 mb-0" role="alert">
            The caption lacks {missingWords(missing)}. Posts without them break the disclosure rules and the campaign cannot track them. Add
            them, or submit anyway.
          </div>
        )}
        {error && (
          <div className="text-danger small mt-2" role="alert">
            {error}
          </div>
        )}
        <div className="d-flex gap-2 mt-3">
          <button type="submit" className="btn btn-primary" disabled={busy || uploads.busy}>
            {missing?.length ? 'Submit anyway' : 'Submit draft'}
          </button>
          {version > 1 && (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          )}
        </div>
      </div>
    </form>
  )
}
