import { PLATFORM_NAMES } from '../../../config/platforms'
import { useState } from 'react'
import { formatAmount, formatDate, formatDateTime, formatMoney } from '../../../lib/format'
import { priceLines } from '../../../config/usage-addons'
import { KeyValues } from '../../../components/key-values'
import { EXCLUSIVITY, MOVES, SIDE, USAGE, statusOf } from './offer-labels'
import { OfferAnswer } from './offer-answer'
import { ThreadLink } from '../../../components/thread-link'
import { Slot } from '../../../components/slot'
import { AttachmentLinks } from './attachment-links'

/** @typedef {import('../../../lib/api-types').Schema<'CreatorOffer'>} CreatorOffer */

const TERMINAL = ['accepted', 'completed', 'declined', 'expired', 'withdrawn']

/**
 * deliverableText spells one deliverable: "2 Instagram posts by Dec 10, 2026".
 * @param {import('../../../lib/api-types').Schema<'CampaignDeliverable'>} d
 */
function deliverableText(d) {
  const name = PLATFORM_NAMES[d.platform] ?? d.platform
  return `${d.posts} ${name} ${d.posts === 1 ? 'post' : 'posts'} by ${formatDate(d.dueDate)}`
}


/**
 * Brief shows what the campaign asks for: the tracking tag, the brand's brief, goals, dates, deliverables (platform,
 * posts, due date), instructions, vibes, usage rights, exclusivity, guidelines and attachments; a row the campaign
 * leaves empty is left out rather than shown as a dash. Each guideline and attachment is a download link.
 * @param {{campaign: Partial<CreatorOffer['campaign']>, offerId: string}} props
 */
function Brief({ campaign, offerId }) {
  const goals = [...(campaign.goals ?? []).filter((g) => g !== 'Other'), campaign.customGoal].filter(Boolean)
  const deliverables = campaign.deliverables ?? []
  const rows = /** @type {[string, import('react').ReactNode][]} */ ([
    ['Goals', goals.join(', ')],
    ['Dates', `${formatDate(campaign.startDate)} – ${formatDate(campaign.endDate)}`],
    ['Deliverables', deliverables.length > 0 && (
      <ul className="list-unstyled mb-0">
        {deliverables.map((d) => <li key={d.platform}>{deliverableText(d)}</li>)}
      </ul>
    )],
    ['Instructions', campaign.instructions],
    ['Content vibes', (campaign.contentVibes ?? []).join(', ')],
    ['Usage rights', (campaign.usageRights && USAGE[campaign.usageRights]) ?? campaign.usageRights],
    ['Exclusivity', (campaign.exclusivity && EXCLUSIVITY[campaign.exclusivity]) ?? campaign.exclusivity],
    ['Guidelines', (campaign.guidelines?.length ?? 0) > 0 && <AttachmentLinks offerId={offerId} list={campaign.guidelines} />],
    ['Attachments', (campaign.attachments?.length ?? 0) > 0 && <AttachmentLinks offerId={offerId} list={campaign.attachments} />],
  ]).filter(([, v]) => v)
  return (
    <>
      {campaign.trackingTag && (
        <p className="small mb-2">
          Tag your posts with <strong className="font-monospace">#{campaign.trackingTag}</strong>
        </p>
      )}
      {campaign.brief && <p className="small mb-2" style={{ whiteSpace: 'pre-line' }}><span className="text-secondary">Brief: </span>{campaign.brief}</p>}
      <dl className="row small mb-0">
      {rows.map(([k, v]) => (
        <div key={k} className="col-12 col-md-6 d-flex gap-2 mb-1">
          <dt className="text-secondary fw-normal text-nowrap">{k}</dt>
          <dd className="mb-0">{v}</dd>
        </div>
      ))}
      </dl>
    </>
  )
}

/**
 * Price is the offer's amount; with paid usage add-ons, the total in all and, under it, the fee and each add-on as
 * the agreement lists them.
 * @param {{offer: CreatorOffer}} props
 */
function Price({ offer }) {
  const lines = offer.amount == null ? [] : priceLines(Math.round(offer.amount * 100), offer.usageAddOns)
  const total = lines.at(-1)
  if (lines.length < 2 || !total) return <div className="h5 fw-bold mb-0">{formatMoney(offer.amount)}</div>
  return (
    <>
      <div className="h5 fw-bold mb-0">{formatAmount(total[1])} <span className="small fw-normal text-secondary">in all</span></div>
      <KeyValues rows={lines.slice(0, -1).map(([k, cents]) => [k, formatAmount(cents)])} className="small mb-1" rowClassName="d-flex gap-2 justify-content-md-end" />
    </>
  )
}

/**
 * OfferCard is one offer for its creator: brand, campaign, amount, status, deadline, brief, history and the answers.
 * `agreement` (the page gives the agreement feature's {Panel}) shows the offer's agreement under the card: "Review
 * and sign" on a waiting offer, "View agreement" once there is one.
 * @param {{offer: CreatorOffer, agreement?: {Panel: import('react').ComponentType<{offerId: string, side?: 'brand' | 'creator' | null, onSigned?: (a: any) => unknown}>}}} props
 */
export function OfferCard({ offer, agreement = undefined }) {
  const [open, setOpen] = useState(false)
  const st = statusOf(offer.status)
  const answering = !TERMINAL.includes(offer.status) && (offer.next ?? []).length > 0
  const canReview = answering && (offer.next ?? []).includes('accepted')
  const waiting = offer.status === 'sent'
  const last = (offer.history ?? []).at(-1)
  return (
    <article className="card border-0 shadow-sm" aria-label={`Offer from ${offer.brand?.name} for ${offer.campaign?.name}`}>
      <div className="card-body p-3 p-md-4">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <div>
            <h2 className="h5 fw-bold mb-0">{offer.campaign?.name}</h2>
            <div className="small text-secondary">{offer.brand?.name} · {offer.platform}</div>
          </div>
          <div className="text-md-end">
            <Price offer={offer} />
            <span className={`badge ${st.badge}`}>{st.label}</span>
            <ThreadLink offerId={offer._id} status={offer.status} className="small d-block" />
          </div>
        </div>
        {waiting && offer.deadline && <p className="small mb-2">Answer by <strong>{formatDateTime(offer.deadline)}</strong>.</p>}
        {offer.status === 'countered' && <p className="small mb-2">You asked for {formatMoney(offer.amount)}; waiting for {offer.brand?.name}.</p>}
        {last?.note && <p className="small fst-italic text-secondary mb-2">“{last.note}”</p>}
        <Slot name="paysOnTime" brandId={offer.brand?._id} brandName={offer.brand?.name} />
        {(offer.posts ?? []).length > 0 && (
          <div className="alert alert-success small py-2 mb-2" role="status">
            {offer.posts?.length === 1 ? 'Your post was detected' : `Your ${offer.posts?.length} posts were detected`}; they count in {offer.brand?.name}’s results.
            <ul className="mb-0 ps-3">
              {(offer.posts ?? []).map((p, i) => (
                <li key={p.url || i}>
                  {p.url ? <a href={p.url} target="_blank" rel="noreferrer">{PLATFORM_NAMES[p.platform] ?? p.platform} post of {formatDate(p.publishedAt)}</a>
                    : `${PLATFORM_NAMES[p.platform] ?? p.platform} post of ${formatDate(p.publishedAt)}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Brief campaign={offer.campaign ?? {}} offerId={offer._id} />
        <Slot name="offerPayment" entryId={offer._id} status={offer.status} side="creator" />
        {(offer.history ?? []).length > 0 && (
          <details className="mt-2">
            <summary className="small">History</summary>
            <ol className="small ps-3 mb-0 mt-1">
              {(offer.history ?? []).map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at)}: {SIDE[h.side] ?? h.side} {MOVES[h.to] ?? h.to}
                  {h.amount != null ? ` (${formatMoney(h.amount)})` : ''}
                </li>
              ))}
            </ol>
          </details>
        )}
        {answering && <OfferAnswer offer={offer} onReview={agreement ? () => setOpen(!open) : undefined} reviewing={open} />}
        {agreement && !canReview && /** @type {string} */ (offer.status) !== 'draft' && (
          <button type="button" className="btn btn-outline-secondary btn-sm mt-3" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide agreement' : 'View agreement'}
          </button>
        )}
        {agreement && open && (
          <div className="mt-3 pt-3 border-top">
            <agreement.Panel offerId={offer._id} side="creator" onSigned={() => setOpen(false)} />
          </div>
        )}
      </div>
    </article>
  )
}
