import { useAgreement } from '../api/get-agreement'
import { waitingLine } from './agreement-labels'

/** AGREEMENT_STATES are the offer states that have an agreement (a sent offer's terms onwards). */
export const AGREEMENT_STATES = ['sent', 'countered', 'accepted', 'completed', 'declined', 'expired', 'withdrawn']

/**
 * AgreementStatus is an offer row's signature state ("Waiting for the creator's signature", "Signed by everyone")
 * and the button that opens the agreement: "Sign the agreement" when the caller may sign now, else "View agreement".
 * A list passes each row's `summary` from one campaign-wide request (useCampaignAgreements); without it (undefined)
 * the row loads its own agreement.
 * @param {{offerId: string, open: boolean, onToggle: () => unknown, name?: string, summary?: {currentVersionId?: string | null, missing: string[], canSign: boolean} | null}} props
 */
export function AgreementStatus({ offerId, open, onToggle, name = '', summary = undefined }) {
  const { data: own } = useAgreement(summary === undefined ? offerId : null)
  const a = summary === undefined ? own : summary
  const waiting = a ? waitingLine(a.missing) : null
  const signed = a && a.currentVersionId && !waiting
  const label = open ? 'Hide agreement' : a?.canSign ? 'Sign the agreement' : 'View agreement'
  return (
    <div className="small mt-1 d-flex flex-wrap align-items-center gap-1" data-testid="agreement-status">
      {a && a.currentVersionId && <span className={signed ? 'text-success-emphasis' : 'text-warning-emphasis'}>{signed ? 'Signed by everyone' : waiting}</span>}
      <button type="button" className={`btn btn-sm ${a?.canSign && !open ? 'btn-primary' : 'btn-outline-secondary'}`} aria-expanded={open} aria-label={name ? `${label} with ${name}` : undefined} onClick={onToggle}>
        {label}
      </button>
    </div>
  )
}
