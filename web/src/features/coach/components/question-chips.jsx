/**
 * QuestionChips are questions offered as buttons (the suggested first ones, the follow-ups of an answer): a click
 * asks it. `className` adds to the row's own classes.
 * @param {{questions: string[], label: string, disabled: boolean, onAsk: (q: string) => unknown, className?: string}} props
 */
export function QuestionChips({ questions, label, disabled, onAsk, className = '' }) {
  return (
    <div className={`${className} d-flex flex-wrap gap-2`.trim()} aria-label={label}>
      {questions.map((q) => (
        <button key={q} type="button" className="btn btn-sm btn-outline-primary cc-chip" disabled={disabled} onClick={() => onAsk(q)}>
          {q}
        </button>
      ))}
    </div>
  )
}
