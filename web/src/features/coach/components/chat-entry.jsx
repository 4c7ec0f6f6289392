import { useState } from 'react'
import { formatDateTime } from '../../../lib/format'
import { PLATFORM_NAMES } from '../../../config/platforms'
import { QuestionChips } from './question-chips'

/** @type {Record<string, string>} */
const KIND_CLASS = { measured: 'text-bg-primary', derived: 'text-bg-info', estimated: 'text-bg-warning' }

/**
 * Facts lists the figures an answer rests on, each labelled measured, derived or estimated, collapsed behind a
 * 'Show the N facts' button so a conversation stays short on a phone.
 * @param {{facts: import('../api/get-chats').ChatEntry['facts'], id: string}} props
 */
function Facts({ facts, id }) {
  const [open, setOpen] = useState(false)
  if (!facts?.length) return null
  const n = facts.length
  return (
    <div className="mt-2">
      <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? `Hide the ${n === 1 ? 'fact' : `${n} facts`}` : `Show the ${n === 1 ? 'fact' : `${n} facts`}`}
      </button>
      <div id={id} hidden={!open} className="mt-2">
        <h3 className="h6 fw-semibold mb-2">Facts behind this answer</h3>
        <ul className="list-unstyled mb-0 cc-facts">
          {facts.map((f) => (
            <li key={`${f.label}|${f.period}`} className="d-flex flex-wrap align-items-baseline gap-2 py-1 border-bottom">
              <span className={`badge ${KIND_CLASS[f.kind] || 'text-bg-secondary'}`}>{f.kind}</span>
              <span className="flex-grow-1">{f.label}</span>
              <strong>{f.text ?? String(f.value)}</strong>
              {f.period && <span className="text-secondary small w-100 w-md-auto">{f.period}</span>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/**
 * ChatEntry shows one question and its answer (follow-up questions on the latest answer only), a pending note
 * while the coach works, or why it failed.
 * @param {{entry: import('../api/get-chats').ChatEntry, onAsk: (question: string) => unknown, canAsk: boolean, latest?: boolean}} props
 */
export function ChatEntry({ entry, onAsk, canAsk, latest = true }) {
  const suggestions = entry.suggestions ?? []
  return (
    <li className="cc-chat-entry">
      <div className="d-flex justify-content-end mb-2">
        <div className="cc-bubble cc-bubble-question">
          <p className="mb-1">{entry.question}</p>
          <p className="small mb-0">
            {(entry.platform && PLATFORM_NAMES[entry.platform]) || 'All social platforms'} · {formatDateTime(entry.createdAt)}
          </p>
        </div>
      </div>
      <div className="cc-bubble cc-bubble-answer">
        {entry.status === 'pending' && (
          <div className="d-flex align-items-center gap-2" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span>Your coach is looking at your numbers…</span>
          </div>
        )}
        {entry.status === 'failed' && (
          <p className="text-danger mb-0" role="alert">
            {entry.reason || 'The coach could not answer this question.'}
          </p>
        )}
        {entry.status === 'answered' && (
          <>
            <p className="mb-0 cc-answer">{entry.answer}</p>
            {entry.free && <p className="small text-secondary mb-0 mt-1">This question did not use a credit.</p>}
            {latest && suggestions.length > 0 && (
              <QuestionChips className="mt-3" label="Follow-up questions" questions={suggestions} disabled={!canAsk} onAsk={onAsk} />
            )}
            <Facts facts={entry.facts} id={`cc-facts-${entry._id}`} />
          </>
        )}
      </div>
    </li>
  )
}
