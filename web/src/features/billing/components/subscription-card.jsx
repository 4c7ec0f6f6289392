import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ListState } from '../../../components/list-state'
import { formatAmount, formatDate, formatPrice } from '../../../lib/format'
import { useSubscription } from '../../../lib/subscription'
import { toast } from '../../../lib/toast'
import { errorMessage } from '../../../lib/error-message'
import { useCancelSubscription } from '../api/cancel-subscription'
import { useResumeSubscription } from '../api/resume-subscription'
import { SubscribeForm } from './subscribe-form'
import { subscriptionLabel } from './subscription-label'
import { CardSection } from '../../../components/card-section'

/**
 * run calls a subscription mutation, toasts the server's message and reports success.
 * @param {() => Promise<{message?: string} | null | undefined>} call
 * @param {string} fallback
 */
async function run(call, fallback) {
  try {
    const out = await call()
    toast.success(out?.message || fallback)
    return true
  } catch (err) {
    toast.error(errorMessage(err, 'Something went wrong. Please try again.'))
    return false
  }
}

/**
 * CurrentPlan shows the subscription's plan, its state badge and cancel or resume.
 * @param {{sub: NonNullable<Parameters<typeof subscriptionLabel>[0]>}} props
 */
function CurrentPlan({ sub }) {
  const label = subscriptionLabel(sub)
  const cancel = useCancelSubscription()
  const resume = useResumeSubscription()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  /**
   * @param {() => Promise<{message?: string} | null | undefined>} call
   * @param {string} fallback
   */
  const act = async (call, fallback) => {
    setBusy(true)
    const ok = await run(call, fallback)
    setBusy(false)
    return ok
  }
  // The document says a subscription has its plan; an answer without one still shows the rest.
  const plan = /** @type {Partial<import('../../../lib/api-types').Schema<'BillingPlan'>>} */ (sub.plan || {})
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      <div className="me-auto">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold">{plan.name}</span>
          <span className={`badge rounded-pill text-bg-${label.tone}`} data-testid="subscription-status">
            {label.text}
          </span>
        </div>
        <div className="small text-secondary">
          {formatPrice(plan.amount, plan.currency, plan.interval)}
          {label.state === 'subscribed' && ` · renews on ${formatDate(sub.endedAt)}`}
          {label.state === 'cancelled' && ' · will not renew; resume before it ends to keep it'}
          {label.state === 'expired' && ` · ended on ${formatDate(sub.endedAt)}`}
        </div>
        {sub.promo && (
          <div className="small text-secondary" data-testid="subscription-promo">
            Promo {sub.promo.code}: −{formatAmount(sub.promo.discount, plan.currency)}
            {sub.promo.duration === 'once' ? ' on the first charge' : sub.promo.duration === 'repeating' ? ' for a limited time' : ' on every charge'}
          </div>
        )}
        {sub.nextCharge && label.state === 'subscribed' && (
          <div className="small" data-testid="subscription-next-charge">
            Next charge: {formatAmount(sub.nextCharge.amount, sub.nextCharge.currency)} on {formatDate(sub.nextCharge.at)}
          </div>
        )}
      </div>
      {label.state === 'subscribed' && (
        <button type="button" className="btn btn-outline-danger" onClick={() => setAsking(true)} disabled={busy}>
          Cancel subscription
        </button>
      )}
      {label.state === 'cancelled' && (
        <button type="button" className="btn btn-primary" onClick={() => act(resume, 'Your subscription is active again')} disabled={busy}>
          {busy ? 'Resuming…' : 'Resume subscription'}
        </button>
      )}
      <ConfirmDialog
        show={asking}
        danger
        title="Cancel your subscription?"
        body={`It will not renew. You keep ${plan.name || 'your plan'} until ${formatDate(sub.endedAt)} and can resume before then.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          if (await act(cancel, 'Your subscription is cancelled')) setAsking(false)
        }}
      />
    </div>
  )
}

// landingEvents are the user's own scrolling: the landing stops following the page then.
const landingEvents = ['wheel', 'touchstart', 'keydown', 'mousedown']

/**
 * keepInView scrolls el to the top of the view at once, as a link to an
 * anchor does (a smooth scroll, the page's default, stops short when the page
 * moves under it), and keeps it there while the sections around it are still
 * loading, until the page settles (3 s) or the user scrolls; it returns the
 * cleanup.
 * @param {HTMLElement | null} el
 */
function keepInView(el) {
  if (!el?.scrollIntoView) return undefined
  const land = () => el.scrollIntoView({ block: 'start', behavior: 'instant' })
  land()
  if (typeof ResizeObserver === 'undefined') return undefined
  const observer = new ResizeObserver(land)
  observer.observe(document.body)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    landingEvents.forEach((e) => window.removeEventListener(e, stop))
  }
  const timer = setTimeout(stop, 3000)
  landingEvents.forEach((e) => window.addEventListener(e, stop, { passive: true }))
  return stop
}

/**
 * SubscriptionCard is the creator's plan and subscription: the current one
 * with its state ("Active", "Cancelled, ends on DATE", "Expired") and
 * cancel (confirmed) or resume; without a running one, the plans to subscribe to.
 */
export function SubscriptionCard() {
  const { data: sub, error, isLoading, mutate } = useSubscription()
  const state = subscriptionLabel(sub).state
  const { hash } = useLocation()
  const ref = useRef(null)
  const loaded = sub !== undefined
  // /account-settings#subscription (the coach's Subscribe link) lands here once the section has its content.
  useEffect(() => (hash === '#subscription' && loaded ? keepInView(ref.current) : undefined), [hash, loaded])
  return (
    <CardSection titleId="subscription-heading" title="Plan and subscription" className="cc-anchor" id="subscription" ref={ref}>
      <ListState swr={{ data: sub, error, isLoading, mutate }} ready={loaded} loadingLabel="Loading your subscription…">
        {sub && <CurrentPlan sub={sub} />}
        {(state === 'none' || state === 'expired') && (
          <>
            {state === 'none' && <p className="text-secondary">You are on the free plan: 5 coaching questions. Subscribe to keep asking.</p>}
            <SubscribeForm />
          </>
        )}
      </ListState>
    </CardSection>
  )
}
