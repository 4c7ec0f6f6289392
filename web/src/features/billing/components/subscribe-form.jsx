import { Form, Formik, useFormikContext } from 'formik'
import * as yup from 'yup'
import { RadioGroup } from '../../../components/form/choice-fields'
import { TextField } from '../../../components/form/text-field'
import { combineReads, ListState } from '../../../components/list-state'
import { formatPrice } from '../../../lib/format'
import { showServerError } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { ApiError } from '../../../lib/request'
import { errorMessage } from '../../../lib/error-message'
import { useCards } from '../api/get-cards'
import { usePlans } from '../api/get-plans'
import { useSubscribe } from '../api/subscribe'
import { cardName } from './subscription-label'
import { usePromoCheck } from './use-promo-check'

export const subscribeSchema = yup.object({
  planId: yup.string().required('Please choose a plan'),
  promoCode: yup.string().trim().max(64, 'This promo code is not valid'),
})

/** @type {Record<string, string>} */
const PROMO_TONE = { valid: 'text-success', invalid: 'text-danger', error: 'text-danger', checking: 'text-secondary' }

/** @param {{plan: import('../api/get-plans').Plan}} props */
function PlanLabel({ plan }) {
  return (
    <span className="d-block">
      <span className="d-block">{plan.name}</span>
      <span className="d-block fw-normal">{formatPrice(plan.amount, plan.currency, plan.interval)}</span>
      {(plan.features || []).map((f) => (
        <span key={f} className="d-block small fw-normal text-secondary">
          ✓ {f}
        </span>
      ))}
    </span>
  )
}

/**
 * PromoField is the optional promo code, checked as it is typed.
 * @param {{check: ReturnType<typeof usePromoCheck>}} props
 */
function PromoField({ check }) {
  const hint = check.message ? (
    <span role="status" className={PROMO_TONE[check.status]}>
      {check.message}
    </span>
  ) : (
    <span role="status">Optional. Checked as you type.</span>
  )
  return <TextField name="promoCode" label="Promo code" required={false} autoComplete="off" hint={hint} />
}

/** @typedef {{planId: string, promoCode: string}} SubscribeValues */

/** @param {{plans: import('../api/get-plans').Plan[], primary: import('../api/get-cards').Card | undefined}} props */
function SubscribeFields({ plans, primary }) {
  /** @type {import('formik').FormikContextType<SubscribeValues>} */
  const { values, isSubmitting, status } = useFormikContext()
  const check = usePromoCheck(values.promoCode)
  return (
    <Form noValidate aria-label="Subscribe">
      <RadioGroup name="planId" legend="Choose a plan" cards options={plans.map((p) => ({ value: p._id, label: <PlanLabel plan={p} /> }))} />
      <div className="row">
        <div className="col-12 col-md-6">
          <PromoField check={check} />
        </div>
      </div>
      {status && (
        <div className="alert alert-danger" role="alert">
          {status}
        </div>
      )}
      {primary ? (
        <div className="d-flex flex-wrap align-items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || check.status === 'invalid' || check.status === 'checking'}>
            {isSubmitting ? 'Subscribing…' : 'Subscribe'}
          </button>
          <span className="small text-secondary">Charged to your primary card, {cardName(primary)}.</span>
        </div>
      ) : (
        <div className="alert alert-info mb-0" role="note">
          Add a card first: your subscription is charged to your primary card. <a href="#payment-cards">Add a card</a>
        </div>
      )}
    </Form>
  )
}

/**
 * SubscribeForm picks a plan and an optional promo code and subscribes with the
 * primary card; without a card it asks for one first. Declines and provider
 * errors show the server's message.
 */
export function SubscribeForm() {
  const plans = usePlans()
  const cards = useCards()
  const subscribe = useSubscribe()
  const reads = combineReads(plans, cards)
  if (!plans.data || !cards.data) return <ListState swr={reads} loadingLabel="Loading plans…" />
  const primary = cards.data.find((c) => c.primary)
  /**
   * @param {SubscribeValues} values
   * @param {import('formik').FormikHelpers<SubscribeValues>} helpers
   */
  const onSubmit = async (values, helpers) => {
    helpers.setStatus(null)
    try {
      const out = await subscribe({ planId: values.planId, promoCode: values.promoCode.trim() })
      toast.success(out.message || 'You are subscribed')
    } catch (err) {
      if (!(err instanceof ApiError && err.fields)) helpers.setStatus(errorMessage(err, 'Could not subscribe. Please try again.'))
      showServerError(err, helpers, 'Could not subscribe. Please try again.')
    }
  }
  const initial = { planId: plans.data[0]?._id || '', promoCode: '' }
  return (
    <Formik initialValues={initial} validationSchema={subscribeSchema} onSubmit={onSubmit}>
      <SubscribeFields plans={plans.data} primary={primary} />
    </Formik>
  )
}
