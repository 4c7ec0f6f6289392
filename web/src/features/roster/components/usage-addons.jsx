import { USAGE_ADD_ON as ADD_ON } from '../../../config/usage-addons'

/** @typedef {{'30_days': string, unlimited: string}} AddOnText */

/** The paid usage rights a brand may offer as add-ons, each with its own amount. */
/** @type {Array<keyof AddOnText>} */
export const ADD_ON_USAGES = ['30_days', 'unlimited']

/**
 * emptyAddOns is the form value of the offer's add-ons: one amount text (USD) per usage, "" for none.
 * @param {Array<{usage: string, amountCents: number}> | undefined} addOns
 * @returns {AddOnText}
 */
export function emptyAddOns(addOns = []) {
  /** @type {AddOnText} */
  const v = { '30_days': '', unlimited: '' }
  for (const a of addOns ?? []) if (a.usage in v) v[/** @type {keyof AddOnText} */ (a.usage)] = String(a.amountCents / 100)
  return v
}

/**
 * readAddOns turns the form value into the API's usageAddOns (cents) and their total in dollars; error names the
 * first amount out of range ("" when every filled amount is fine). An empty field offers no add-on.
 * @param {AddOnText} value
 */
export function readAddOns(value) {
  /** @type {{usage: keyof AddOnText, amountCents: number}[]} */
  const addOns = []
  let error = ''
  for (const usage of ADD_ON_USAGES) {
    const text = (value[usage] ?? '').trim()
    if (!text) continue
    const n = Number(text)
    if (!Number.isFinite(n) || n < 1 || n > 1000000) {
      error ||= `Enter an add-on amount between $1 and $1,000,000 for ${ADD_ON[usage].toLowerCase()}`
      continue
    }
    addOns.push({ usage, amountCents: Math.round(n * 100) })
  }
  const total = addOns.reduce((s, a) => s + a.amountCents, 0) / 100
  return { addOns, total, error }
}

/**
 * UsageAddOnFields lets a brand offer paid usage on top of the fee: one optional amount (USD) per usage right
 * (30 days, unlimited); the creator sees each as a line of the agreement.
 * @param {{id: string, value: AddOnText, onChange: (v: AddOnText) => void, error?: string}} props
 */
export function UsageAddOnFields({ id, value, onChange, error = '' }) {
  return (
    <fieldset className="mt-2" aria-describedby={error ? `${id}-addon-error` : `${id}-addon-help`}>
      <legend className="form-label small mb-1">Paid usage add-ons (optional)</legend>
      <span id={`${id}-addon-help`} className="d-block small text-secondary mb-1">
        Offer paid ad usage of the posts for an extra amount; leave empty for none.
      </span>
      {ADD_ON_USAGES.map((usage) => (
        <span key={usage} className="d-flex align-items-center gap-2 mb-1">
          <label htmlFor={`${id}-addon-${usage}`} className="small flex-grow-1 mb-0">
            {ADD_ON[usage]} (USD)
          </label>
          <input id={`${id}-addon-${usage}`} type="number" min="1" max="1000000" className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
            style={{ width: '8rem' }} value={value[usage]} onChange={(e) => onChange({ ...value, [usage]: e.target.value })} />
        </span>
      ))}
      {error && <span id={`${id}-addon-error`} className="d-block small text-danger">{error}</span>}
    </fieldset>
  )
}
