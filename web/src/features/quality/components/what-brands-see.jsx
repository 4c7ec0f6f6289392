import { useState } from 'react'
import { CardSection } from '../../../components/card-section'
import { Loading, LoadError } from '../../../components/status'
import { toast } from '../../../lib/toast'
import { requestReview, useAnnotateSpike, useMyQuality } from '../api/quality'
import { QualityReading } from './quality-reading'
import { useSend } from './use-send'
import { TextForm } from './text-form'

/** ReviewRequest asks the ADMINs to review the reading, with an optional message (at most 1000 characters). */
function ReviewRequest() {
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState('')
  const { submit, busy, error } = useSend(
    async () => {
      await requestReview(message)
      toast.success('Review requested: an admin will look at your reading.')
      setOpen(false)
      setMessage('')
    },
    ['message'],
    'The request was not sent.',
  )
  if (!open) {
    return (
      <button type="button" className="btn btn-outline-primary btn-sm align-self-start" onClick={() => setOpen(true)}>
        Request review
      </button>
    )
  }
  return (
    <TextForm
      id="quality-review-message"
      label="What should the admin look at? (optional)"
      value={message}
      onChange={setMessage}
      maxLength={1000}
      error={error}
      busy={busy}
      submitLabel="Send request"
      onSubmit={submit}
      onCancel={() => setOpen(false)}
    />
  )
}

/**
 * WhatBrandsSee is the creator's own audience-quality reading exactly as brands read it, with a note on any
 * spike (brands see it beside the spike) and "Request review", which mails the ADMINs.
 */
export function WhatBrandsSee() {
  const { data, error, isLoading, mutate } = useMyQuality()
  const annotate = useAnnotateSpike()
  /**
   * @param {string} platform
   * @param {string} day
   * @param {string} note
   */
  const onAnnotate = async (platform, day, note) => {
    await annotate({ platform, day, note })
    toast.success(note.trim() ? 'Note saved: brands see it beside the spike.' : 'Note removed.')
  }
  return (
    <CardSection title="What brands see" titleId="what-brands-see">
      <p className="small text-secondary">
        Your audience-quality reading, as brands see it on your profile. It uses only the figures of the accounts you connected. If a spike
        has a reason (a giveaway, a feature), add a note; if you think the reading is wrong, ask for a review.
      </p>
      {error && <LoadError error={error} onRetry={() => mutate()} />}
      {isLoading && <Loading label="Loading your reading…" />}
      {data && (
        <div className="d-flex flex-column gap-3">
          <QualityReading quality={data} onAnnotate={onAnnotate} />
          <ReviewRequest />
        </div>
      )}
    </CardSection>
  )
}
