import { Fragment, useState } from 'react'
import { generateRoster } from '../api/generate-roster'
import { useRoster } from '../../../lib/campaign-roster'
import { isRosterJobFinished, useRosterJob } from '../api/get-roster-job'
import { useNiches } from '../../../lib/niches'
import { ListState } from '../../../components/list-state'
import { formatFollowers, formatMoney } from '../../../lib/format'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { TableHead } from '../../../components/table-head'
import { BulletList } from '../../../components/bullet-list'
import { CounterAnswer } from './counter-answer'
import { SendOffer } from './send-offer'
import { moveEffect, rosterBudget } from '../lib/budget'
import { BudgetEffect } from './budget-effect'
import { NetworkStatusBadge } from '../../../components/network-status-badge'
import { OfferReach } from '../../../components/offer-reach'
import { useReach } from '../../../lib/campaign-reach'
import { ThreadLink } from '../../../components/thread-link'
import { Slot } from '../../../components/slot'
import { AgeFit } from './age-fit'

/**
 * Generator asks for a roster of up to `size` creators in the chosen niches and follows the job.
 * @param {{campaignId: string, disabled?: boolean, startNiches?: string[]}} props
 */
function Generator({ campaignId, disabled, startNiches = [] }) {
  const [size, setSize] = useState(/** @type {number | string} */ (20))
  const [niches, setNiches] = useState(/** @type {string[]} */ (startNiches))
  const [onlyOnCC, setOnlyOnCC] = useState(false)
  const [minQuality, setMinQuality] = useState('')
  const [qualityRequired, setQualityRequired] = useState(false)
  const [jobId, setJobId] = useState(/** @type {string | null} */ (null))
  const [starting, setStarting] = useState(false)
  const { data: all = [] } = useNiches()
  const { data: job } = useRosterJob(jobId, campaignId)
  // The document leaves a job's result untyped (it depends on the kind): an empty generation's names why.
  const result = /** @type {{message?: string, onCreatorCoach?: number, notYet?: number}} */ (job?.result || {})
  const emptyReason = result.message
  const running = starting || (jobId !== null && !isRosterJobFinished(job))

  const start = async (/** @type {import('react').FormEvent} */ e) => {
    e.preventDefault()
    setStarting(true)
    try {
      const quality = {
        ...(String(minQuality).trim() !== '' ? { minQuality: Number(minQuality) } : {}),
        ...(qualityRequired ? { qualityRequired: true } : {}),
      }
      const j = await generateRoster({ campaignId, size: Number(size), niches, ...(onlyOnCC ? { onCreatorCoach: true } : {}), ...quality })
      setJobId(j?.id ?? null)
    } catch (err) {
      toast.error(fieldError(err, 'size') || fieldError(err, 'minQuality') || errorMessage(err, 'Could not generate the roster. Please try again.'))
    } finally {
      setStarting(false)
    }
  }
  const toggle = (/** @type {string} */ id) => setNiches((n) => (n.includes(id) ? n.filter((x) => x !== id) : [...n, id]))
  const progress = job?.progress ?? 0
  return (
    <form onSubmit={start} className="mb-3" aria-label="Generate roster">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label htmlFor={`roster-size-${campaignId}`} className="form-label small mb-1">
            Creators
          </label>
          <input id={`roster-size-${campaignId}`} type="number" min="1" max="100" className="form-control form-control-sm" style={{ width: '6rem' }} value={size} onChange={(e) => setSize(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={disabled || running}>
          {running ? 'Generating…' : 'Generate roster'}
        </button>
      </div>
      <div className="form-check mb-2">
        <input id={`roster-oncc-${campaignId}`} type="checkbox" className="form-check-input" checked={onlyOnCC} onChange={(e) => setOnlyOnCC(e.target.checked)} />
        <label htmlFor={`roster-oncc-${campaignId}`} className="form-check-label small">
          creators on Creator Coach only
        </label>
      </div>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <div>
          <label htmlFor={`roster-quality-${campaignId}`} className="form-label small mb-1">
            Min audience quality (0–100, optional)
          </label>
          <input
            id={`roster-quality-${campaignId}`}
            type="number"
            min="0"
            max="100"
            inputMode="numeric"
            placeholder="Any"
            className="form-control form-control-sm"
            style={{ width: '8rem' }}
            value={minQuality}
            onChange={(e) => setMinQuality(e.target.value)}
            aria-describedby={`roster-quality-hint-${campaignId}`}
          />
        </div>
        <div className="form-check mb-1">
          <input id={`roster-quality-req-${campaignId}`} type="checkbox" className="form-check-input" checked={qualityRequired} onChange={(e) => setQualityRequired(e.target.checked)} />
          <label htmlFor={`roster-quality-req-${campaignId}`} className="form-check-label small">
            only creators with a reading
          </label>
        </div>
        <p id={`roster-quality-hint-${campaignId}`} className="small text-secondary mb-1 w-100">
          Creators without an audience-quality reading stay in unless you ask for creators with a reading.
        </p>
      </div>
      <details className="mb-2">
        <summary className="small">Target niches {niches.length > 0 ? `(${niches.length})` : '(any)'}</summary>
        <fieldset className="d-flex flex-wrap gap-2 mt-2">
          <legend className="visually-hidden">Target niches</legend>
          {all.map((n) => (
            <label key={n._id} className="form-check-label small border rounded px-2 py-1">
              <input type="checkbox" className="form-check-input me-1" checked={niches.includes(n._id)} onChange={() => toggle(n._id)} />
              {n.name}
            </label>
          ))}
        </fieldset>
      </details>
      {jobId && (
        <div className="progress" role="progressbar" aria-label="Roster generation" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
          <div className={`progress-bar${job?.status === 'failed' ? ' bg-danger' : ''}`} style={{ width: `${progress}%` }}>
            {job?.status === 'succeeded' ? 'Done' : job?.status === 'failed' ? job.error : `${progress}%`}
          </div>
        </div>
      )}
      {job?.status === 'succeeded' && typeof result.onCreatorCoach === 'number' && (
        <p className="small text-secondary mt-2 mb-0" role="status" data-testid="roster-reach-counts">
          {result.onCreatorCoach} on Creator Coach, {result.notYet ?? 0} not yet (imported only: an offer sends them an invitation).
        </p>
      )}
      {job?.status === 'succeeded' && emptyReason && (
        <div className="alert alert-warning small mt-2 mb-0" role="status">
          {emptyReason}.
        </div>
      )}
    </form>
  )
}

/** @typedef {import('../../../lib/api-types').Schema<'RosterEntry'>} RosterEntry */
/** @typedef {import('../../../lib/api-types').Schema<'Roster'>} Roster */

/**
 * amountLabel is an entry's amount as what it is: agreed (accepted, completed), offered (sent, a counter's ask) or an estimate.
 * @param {RosterEntry} e
 */
function amountLabel(e) {
  const st = e.offer?.status
  if (st === 'accepted' || st === 'completed') return `Agreed ${formatMoney(e.offer?.amount)}`
  if (st === 'sent') return `Offered ${formatMoney(e.offer?.amount)}`
  if (st === 'countered') return `Asks ${formatMoney(e.offer?.amount)}`
  return `Est. ${formatMoney(e.offer?.amount ?? e.estimatedFee)}`
}

/** SIGNABLE are the offer states with an agreement to read or sign. */
/** @type {(string | undefined)[]} */
const SIGNABLE = ['sent', 'countered', 'accepted', 'completed']

/**
 * @typedef {{Status: import('react').ComponentType<{offerId: string, open: boolean, onToggle: () => unknown, name?: string}>,
 *   Panel: import('react').ComponentType<{offerId: string, side?: 'brand' | 'creator' | null, confirmOverBudget?: boolean, onSigned?: (a: any) => unknown}>}} AgreementSlots
 * The agreement's row status and panel, given by the page (features do not import each other).
 */

/**
 * RosterTable lists the roster's entries, each with its offer's moves and, opened, its agreement.
 * @param {{roster: Roster, campaignId: string, canAnswer?: boolean, agreement?: AgreementSlots}} props
 */
function RosterTable({ roster, campaignId, canAnswer = false, agreement = undefined }) {
  const { data: reach } = useReach(campaignId)
  const [open, setOpen] = useState(/** @type {string | null} */ (null))
  const toggle = (/** @type {string} */ id) => setOpen((o) => (o === id ? null : id))
  return (
    <div className="table-responsive">
      <table className="table align-middle mb-0 cc-stack-table">
        <TableHead columns={['#', 'Creator', 'Score', 'Why', 'Amount', 'Offer']} />
        <tbody>
          {roster.entries.map((e) => (
            <Fragment key={e._id}>
            <tr>
              <td>{e.rank}</td>
              <td>
                <div className="fw-semibold">{e.creator?.name}</div>
                <NetworkStatusBadge creator={e.creator} />
                <div className="small text-secondary">
                  {e.creator?.tier} · {e.platform} · {formatFollowers(e.creator?.followers)}
                </div>
              </td>
              <td className="fw-semibold" data-label="Score">
                {e.score}
                <AgeFit parts={e.parts} />
              </td>
              <td data-label="Why">
                <BulletList items={e.reasons} className="small ps-3 mb-0" />
              </td>
              <td data-label="Amount">{amountLabel(e)}</td>
              <td className="small" data-label="Offer">
                {canAnswer && e.offer?.status === 'countered' ? (
                  <CounterAnswer campaignId={campaignId} entry={e} roster={roster} onAccept={agreement ? () => setOpen(e._id) : undefined} onSent={agreement ? () => setOpen(e._id) : undefined} />
                ) : canAnswer && e.offer?.status === 'draft' ? (
                  <SendOffer campaignId={campaignId} entry={e} roster={roster} onSent={agreement ? () => setOpen(e._id) : undefined} />
                ) : (
                  <span className="text-capitalize">{e.offer?.status}</span>
                )}
                {agreement && SIGNABLE.includes(e.offer?.status) && (
                  <agreement.Status offerId={e._id} open={open === e._id} onToggle={() => toggle(e._id)} name={e.creator?.name} />
                )}
                <OfferReach reach={reach?.[e._id]} />
                <ThreadLink offerId={e.offer?.status ? e._id : null} status={e.offer?.status} className="small d-block" />
                <Slot name="offerPayment" entryId={e._id} status={e.offer?.status} side="brand" />
              </td>
            </tr>
            {agreement && open === e._id && SIGNABLE.includes(e.offer?.status) && (
              <tr>
                <td colSpan={6} className="bg-body-tertiary">
                  <AgreementRow entry={e} roster={roster} canAnswer={canAnswer} Panel={agreement.Panel} onSigned={() => setOpen(null)} />
                </td>
              </tr>
            )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * AgreementRow is an offer's agreement under its row: for a counter, what accepting it does to the budget (signing
 * accepts it, over the budget only confirmed); then the panel, with the brand's sign form for an editor.
 * @param {{entry: RosterEntry, roster: Roster, canAnswer: boolean, Panel: AgreementSlots['Panel'], onSigned: () => unknown}} props
 */
function AgreementRow({ entry, roster, canAnswer, Panel, onSigned }) {
  const countered = entry.offer?.status === 'countered'
  const amount = Number(entry.offer?.amount ?? 0)
  const over = canAnswer && countered && amount > 0 ? moveEffect(roster, entry._id, amount).overBy > 0 : false
  return (
    <div className="p-1 p-md-2" aria-label={`Agreement with ${entry.creator?.name ?? 'the creator'}`} role="group">
      {canAnswer && countered && (
        <p className="small mb-2">
          Signing accepts {entry.creator?.name ?? 'the creator'}'s counter of {formatMoney(amount)}.
          <BudgetEffect roster={roster} entryId={entry._id} amount={amount} />
        </p>
      )}
      <Panel offerId={entry._id} side={canAnswer ? 'brand' : null} confirmOverBudget={over} onSigned={onSigned} />
    </div>
  )
}

/**
 * BudgetSummary splits the roster's amounts: agreed, offered, drafts' estimates (never committed), still free.
 * @param {{roster: Roster}} props
 */
function BudgetSummary({ roster }) {
  const b = rosterBudget(roster)
  return (
    <p className={`small mb-3${b.over ? ' text-danger fw-semibold' : ''}`} data-testid="roster-budget">
      Agreed {formatMoney(b.agreed)} · offered {formatMoney(b.offered)} · drafts est. {formatMoney(b.estimated)} · {b.over ? `over budget by ${formatMoney(-b.free)}` : `still free ${formatMoney(b.free)}`} ({b.percent}% of {formatMoney(b.budget)} committed)
    </p>
  )
}

/**
 * RosterPanel is a campaign's ranked roster for its brand: "Generate roster"
 * (for editors) with the job's progress, then the creators with their score,
 * reasons and estimated fee, read-only. startNiches are the niche ids the
 * generator starts with (the campaign's criteria). `agreement` (the page gives the agreement feature's
 * {Status, Panel}) adds each offer's signature state and its agreement under the row: a sent offer is signed by
 * the brand there, and accepting a counter is signing it.
 * @param {{campaignId: string, canGenerate?: boolean, startNiches?: string[], agreement?: AgreementSlots}} props
 */
export function RosterPanel({ campaignId, canGenerate, startNiches = undefined, agreement = undefined }) {
  const { data: roster, error, isLoading, mutate } = useRoster(campaignId)
  return (
    <section className="card border-0 shadow-sm" aria-label="Roster">
      <div className="card-body p-3 p-md-4">
        <h2 className="h5 fw-bold mb-1">Roster</h2>
        <p className="small text-secondary mb-3">
          Creators picked for this campaign, each with why, fitted to the budget
          {roster ? `: est. ${formatMoney(roster.estimatedTotal)} of ${formatMoney(roster.budget)}` : ''}.
        </p>
        {roster && <BudgetSummary roster={roster} />}
        {canGenerate && <Generator campaignId={campaignId} disabled={roster?.status === 'completed'} startNiches={startNiches} />}
        <ListState
          swr={{ data: roster, error, isLoading, mutate }}
          loadingLabel="Loading roster…"
          isEmpty={(r) => r.entries.length === 0}
          empty={<p className="text-secondary mb-0">No roster yet.</p>}
        >
          {(r) => <RosterTable roster={r} campaignId={campaignId} canAnswer={canGenerate} agreement={agreement} />}
        </ListState>
      </div>
    </section>
  )
}

/**
 * RosterToggle is a campaign list row's "Roster" button that opens the campaign's RosterPanel below it.
 * @param {{campaignId: string, name: string, canGenerate?: boolean, agreement?: AgreementSlots}} props
 */
export function RosterToggle({ campaignId, name, canGenerate, agreement = undefined }) {
  const [open, setOpen] = useState(false)
  return (
    <div className="px-3 pb-3">
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={open} aria-label={`${open ? 'Hide roster' : 'Roster'} of ${name}`} onClick={() => setOpen(!open)}>
        {open ? 'Hide roster' : 'Roster'}
      </button>
      {open && (
        <div className="mt-3">
          <RosterPanel campaignId={campaignId} canGenerate={canGenerate} agreement={agreement} />
        </div>
      )}
    </div>
  )
}
