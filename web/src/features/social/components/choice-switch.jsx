import { useFormTask } from '../../../lib/use-form-task'

/**
 * useSaveChoice wraps the saving of a creator's yes/no choice: `choose(value)` saves it with `save`, with a busy flag
 * and the error to show (the server's message, or a plain one).
 * @param {(value: boolean) => Promise<unknown>} save
 */
export function useSaveChoice(save) {
  const { busy, error, run } = useFormTask()
  /** @param {boolean} value */
  const choose = (value) => run(() => save(value), 'Failed to save your choice. Please try again.')
  return { choose, busy, error }
}

/**
 * ErrorLine is why a choice was not saved, or nothing.
 * @param {{error: string}} props
 */
export function ErrorLine({ error }) {
  if (!error) return null
  return (
    <p className="small text-danger mb-0 mt-1" role="alert">
      {error}
    </p>
  )
}

/**
 * ChoiceSwitch is a card of the settings holding one switch of the creator's: `heading`, the switch labelled
 * `label` (on: `on`; a change asks for the other value), what it means (`children`) and why saving failed.
 * @param {{id: string, headingId: string, heading: string, label: string, on: boolean, disabled: boolean,
 *   onChange: () => void, error: string, children: import('react').ReactNode}} props
 */
export function ChoiceSwitch({ id, headingId, heading, label, on, disabled, onChange, error, children }) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h6 fw-bold">
          {heading}
        </h2>
        <div className="form-check form-switch">
          <input id={id} className="form-check-input" type="checkbox" role="switch" checked={on} disabled={disabled} onChange={onChange} />
          <label className="form-check-label" htmlFor={id}>
            {label}
          </label>
        </div>
        <p className="small text-secondary mb-0 mt-1">{children}</p>
        <ErrorLine error={error} />
      </div>
    </section>
  )
}
