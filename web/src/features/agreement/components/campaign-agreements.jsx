import { useState } from 'react'
import { useRoster } from '../../../lib/campaign-roster'
import { formatMoney } from '../../../lib/format'
import { useCampaignAgreements } from '../api/get-agreement'
import { AgreementPanel } from './agreement-panel'
import { AgreementStatus, AGREEMENT_STATES } from './agreement-status'

/**
 * CampaignAgreements lists a campaign's offers that have an agreement, for its brand's whole team (a BRAND_VIEWER
 * too) and an ADMIN: each creator with the offer's state, whose signature is missing, and the agreement panel on
 * demand. Every row's signature state comes from one request for the campaign (not one per offer). The sign form shows only to whom the API lets sign now (an editor whose signature is missing).
 * @param {{campaignId: string}} props
 */
export function CampaignAgreements({ campaignId }) {
  const { data: roster } = useRoster(campaignId)
  const { data: summaries } = useCampaignAgreements(campaignId)
  const byOffer = new Map((summaries ?? []).map((a) => [a.offerId, a]))
  const [open, setOpen] = useState(/** @type {string | null} */ (null))
  const entries = (roster?.entries ?? []).filter((e) => AGREEMENT_STATES.includes(e.offer?.status))
  if (!roster) return null
  return (
    <section className="card border-0 shadow-sm" aria-label="Agreements">
      <div className="card-body p-3 p-md-4">
        <h2 className="h5 fw-bold mb-1">Agreements</h2>
        {entries.length === 0 ? (
          <p className="small text-secondary mb-0">No offer has been sent yet: an agreement is made when an offer is sent.</p>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
            {entries.map((e) => (
              <li key={e._id} className="border-top pt-2">
                <div className="fw-semibold">
                  {e.creator?.name} <span className="small text-secondary fw-normal text-capitalize">· {e.offer?.status} · {formatMoney(e.offer?.amount)}</span>
                </div>
                <AgreementStatus offerId={e._id} summary={summaries ? byOffer.get(e._id) ?? null : null} open={open === e._id} onToggle={() => setOpen(open === e._id ? null : e._id)} name={e.creator?.name} />
                {open === e._id && (
                  <div className="mt-2">
                    <AgreementPanel offerId={e._id} side="brand" onSigned={() => setOpen(null)} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
