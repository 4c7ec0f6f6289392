import { useId, useState } from 'react'
import { formatDateTime, formatMoney, formatSize } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useFormTask } from '../../../lib/use-form-task'
import { reportMessage, reviewDraft } from '../api/thread-calls'
import { MessageText } from './message-text'
import { DRAFT_STATUS, MOVE_WORDS, SIDE_NAMES, itemNumber, missingWords, platformName } from './thread-labels'

const REPORT_MAX = 500
const COMMENT_MAX = 2000

/** @typedef {import('../api/get-thread').TimelineEntry} TimelineEntry */

/**
 * Files lists a message's attachments or a draft's media, each a signed download link with its size.
 * @param {{files?: import('../api/get-thread').ThreadAttachment[]}} props
 */
function Files({ files }) {
  if (!files?.length) return null
  return (
    <ul className="list-unstyled small mb-0 mt-2 d-flex flex-column gap-1">
      {files.map((f) => (
        <li key={f.key}>
          {f.url ? (
            <a href={f.url} target="_blank" rel="noopener noreferrer">
              {f.name}
            </a>
          ) : (
            f.name
          )}{' '}
          <span className="text-secondary">({formatSize(f.size)})</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * OffPlatformNotice warns both sides about a message that names a way to pay or talk off the platform.
 * @param {{words?: string[]}} props
 */
function OffPlatformNotice({ words }) {
  if (!words?.length) return null
  return (
    <div className="alert alert-warning small py-2 px-3 mt-2 mb-0" role="note">
      This message mentions {words.join(', ')}. Keep payments and contact here: payments made elsewhere are not protected.
    </div>
  )
}

/**
 * NoteBox is the labelled text box of the report and review forms; its error, shown by the form, describes it.
 * @param {{id: string, label: string, labelClassName: string, rows: number, maxLength: number, value: string,
 *   onChange: (value: string) => void, error: string}} props
 */
function NoteBox({ id, label, labelClassName, rows, maxLength, value, onChange, error }) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  )
}

/**
 * ReportForm asks for the reason a message goes to the administrators.
 * @param {{offerId: string, item: TimelineEntry, onDone: () => void}} props
 */
function ReportForm({ offerId, item, onDone }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const { busy, error, submit } = useFormTask()
  const send = submit(
    reason.trim() ? '' : 'Say why you report this message.',
    async () => {
      await reportMessage(offerId, itemNumber(item), reason.trim())
      toast.success('Reported. An administrator will look at it.')
      onDone()
    },
    'Could not send the report. Please try again.',
  )
  return (
    <form className="mt-2" onSubmit={send} noValidate>
      <NoteBox id={id} label="Why do you report this message?" labelClassName="form-label small" rows={2} maxLength={REPORT_MAX} value={reason} onChange={setReason} error={error} />
      {error && (
        <div id={`${id}-err`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
          Send report
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** @param {{offerId: string, item: TimelineEntry}} props */
function Message({ offerId, item }) {
  const [reporting, setReporting] = useState(false)
  const who = item.side === 'support' ? 'Support' : item.author
  return (
    <article className={`card border-0 shadow-sm cc-thread-msg ${item.mine ? 'cc-thread-mine' : ''}`} aria-label={`Message from ${who}`}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap justify-content-between gap-2 small mb-1">
          <span className="fw-semibold">
            {item.mine ? 'You' : who} <span className="text-secondary fw-normal">· {SIDE_NAMES[item.side ?? ''] ?? item.side}</span>
          </span>
          <time className="text-secondary" dateTime={item.at}>
            {formatDateTime(item.at)}
          </time>
        </div>
        <MessageText text={item.body} />
        <Files files={item.attachments} />
        <OffPlatformNotice words={item.offPlatform} />
        {!item.mine &&
          (reporting ? (
            <ReportForm offerId={offerId} item={item} onDone={() => setReporting(false)} />
          ) : (
            <button type="button" className="btn btn-link btn-sm p-0 mt-1 text-secondary" onClick={() => setReporting(true)}>
              Report<span className="visually-hidden"> this message from {who}</span>
            </button>
          ))}
      </div>
    </article>
  )
}

/** @param {{item: TimelineEntry}} props */
function Move({ item }) {
  const who = SIDE_NAMES[item.side ?? ''] ?? 'Someone'
  const words = MOVE_WORDS[item.to ?? ''] ?? item.to
  const text = item.to === 'expired' ? words : `${who} ${words}`
  return (
    <p className="small text-secondary text-center mb-0 cc-thread-move">
      {text}
      {item.amount != null && ` (${formatMoney(item.amount)})`} · <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      {item.note && <span className="d-block fst-italic">“{item.note}”</span>}
    </p>
  )
}

/**
 * ReviewForm is the brand's approve / request changes on the latest draft waiting for review.
 * @param {{offerId: string, item: TimelineEntry, onChanged: () => void}} props
 */
function ReviewForm({ offerId, item, onChanged }) {
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [comment, setComment] = useState('')
  const { busy, error, setError, run } = useFormTask()
  const send = (/** @type {'approve' | 'request_changes'} */ decision) => {
    if (decision === 'request_changes' && !comment.trim()) return setError('Say what to change.')
    return run(async () => {
      await reviewDraft(offerId, itemNumber(item), { decision, comment: comment.trim() })
      toast.success(decision === 'approve' ? 'Draft approved.' : 'Changes requested.')
      onChanged()
    }, 'Could not send the review. Please try again.')
  }
  return (
    <div className="mt-3 border-top pt-3">
      {asking && (
        <div className="mb-2">
          <NoteBox id={id} label="What should change?" labelClassName="form-label small fw-semibold" rows={3} maxLength={COMMENT_MAX} value={comment} onChange={setComment} error={error} />
        </div>
      )}
      {error && (
        <div id={`${id}-err`} className="text-danger small mb-2" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        {!asking && (
          <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => send('approve')}>
            Approve draft
          </button>
        )}
        {asking ? (
          <>
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => send('request_changes')}>
              Send back for changes
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setAsking(true)}>
            Request changes
          </button>
        )}
      </div>
    </div>
  )
}

/** @param {{offerId: string, item: TimelineEntry, canReview: boolean, onChanged: () => void}} props */
function Draft({ offerId, item, canReview, onChanged }) {
  const st = DRAFT_STATUS[item.status ?? ''] ?? { label: item.status, badge: 'text-bg-secondary' }
  const bySystem = item.status === 'approved' && item.review?.side === 'system'
  return (
    <article className="card border-0 shadow-sm cc-thread-draft" aria-label={`Draft version ${item.version}`}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <h3 className="h6 fw-bold mb-0">
            Draft v{item.version} · {platformName(item.platform)}
          </h3>
          <span className={`badge ${st.badge}`}>{bySystem ? 'Approved by the system' : st.label}</span>
        </div>
        <MessageText text={item.caption} className="small" />
        {item.link && (
          <p className="small mb-0 mt-1">
            Media: <MessageText text={item.link} className="d-inline" />
          </p>
        )}
        <Files files={item.media} />
        {(item.missing?.length ?? 0) > 0 && (
          <p className="small text-danger-emphasis mb-0 mt-2">
            <strong>Disclosure check:</strong> the caption lacks {missingWords(item.missing)}.
          </p>
        )}
        {item.review && (
          <div className="small mt-2 text-secondary">
            {bySystem
              ? `Nobody reviewed it in time, so the system approved it on ${formatDateTime(item.review.at)}.`
              : `${SIDE_NAMES[item.review.side] ?? item.review.side} reviewed it on ${formatDateTime(item.review.at)}.`}
            {item.review.comment && <MessageText text={`“${item.review.comment}”`} className="fst-italic text-body" />}
          </div>
        )}
        <p className="small text-secondary mb-0 mt-1">
          Submitted <time dateTime={item.at}>{formatDateTime(item.at)}</time>
        </p>
        {canReview && item.status === 'submitted' && <ReviewForm offerId={offerId} item={item} onChanged={onChanged} />}
      </div>
    </article>
  )
}

/** @param {{item: TimelineEntry}} props */
function Post({ item }) {
  const d = item.differs
  return (
    <article className="card border-0 shadow-sm" aria-label={`Published post on ${platformName(item.platform)}`}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <h3 className="h6 fw-bold mb-0">Published on {platformName(item.platform)}</h3>
          {d?.differs && <span className="badge text-bg-warning">differs from the approved draft</span>}
        </div>
        {item.url && <MessageText text={item.url} className="small" />}
        {item.caption && <MessageText text={item.caption} className="small mt-1" />}
        {d && (
          <dl className="small mb-0 mt-2">
            <dt className="d-inline">Caption similarity to the approved draft (measured): </dt>
            <dd className="d-inline">{Math.round(d.similarity * 100)}%</dd>
            {d.removed && d.removed.length > 0 && (
              <div>
                <dt className="d-inline">Left out: </dt>
                <dd className="d-inline">{d.removed.join(' ')}</dd>
              </div>
            )}
            {d.added && d.added.length > 0 && (
              <div>
                <dt className="d-inline">Added: </dt>
                <dd className="d-inline">{d.added.join(' ')}</dd>
              </div>
            )}
            {(d.missing?.length ?? 0) > 0 && (
              <div>
                <dt className="d-inline">Missing: </dt>
                <dd className="d-inline">{missingWords(d.missing)}</dd>
              </div>
            )}
          </dl>
        )}
        <p className="small text-secondary mb-0 mt-1">
          <time dateTime={item.at}>{formatDateTime(item.at)}</time>
        </p>
      </div>
    </article>
  )
}

/**
 * TimelineItem renders one entry of the thread's time line by its kind.
 * @param {{offerId: string, item: TimelineEntry, canReview: boolean, onChanged: () => void}} props
 */
export function TimelineItem({ offerId, item, canReview, onChanged }) {
  switch (item.kind) {
    case 'message':
      return <Message offerId={offerId} item={item} />
    case 'move':
      return <Move item={item} />
    case 'draft':
      return <Draft offerId={offerId} item={item} canReview={canReview} onChanged={onChanged} />
    case 'post':
      return <Post item={item} />
    default:
      return null
  }
}
