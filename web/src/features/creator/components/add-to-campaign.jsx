import { useState } from 'react'
import { useAddToCampaign } from '../api/add-to-campaign'
import { useCampaignChoices } from '../api/get-campaign-choices'
import { useRoster } from '../../../lib/campaign-roster'
import { formatMoney } from '../../../lib/format'
import { errorMessage } from '../../../lib/error-message'
import { CardSection } from '../../../components/card-section'
import { BudgetBar, BudgetFigure } from '../../../components/budget-bar'

/**
 * BudgetImpact is the chosen campaign's budget bar, split the way the budget rule counts it: agreed (accepted and
 * completed offers) and offered (sent offers and counters) are committed; drafts' estimates are not, and this
 * creator joins as one more draft at the estimated fee.
 * @param {{roster: import('../../../lib/api-types').Schema<'Roster'>, fee: number, onRoster: boolean}} props
 */
export function BudgetImpact({ roster, fee, onRoster }) {
  const agreed = Number(roster.acceptedTotal ?? 0)
  const committed = Math.max(Number(roster.offeredTotal ?? 0), agreed) // the offered total includes the agreed
  const drafts = (roster.entries ?? []).filter((e) => e.offer?.status === 'draft').reduce((n, e) => n + Number(e.offer?.amount ?? e.estimatedFee ?? 0), 0)
  const added = onRoster ? 0 : fee
  const total = committed + drafts + added
  const over = total - roster.budget
  return (
    <section aria-label="Budget" className="d-flex flex-column gap-1">
      <p className="small mb-0 d-flex flex-wrap gap-3">
        <BudgetFigure label="Agreed" amount={agreed} testId="agreed-total" />
        <BudgetFigure label="Offered" amount={committed - agreed} testId="offered-total" />
        <BudgetFigure label="Drafts est." amount={drafts} testId="drafts-total" />
        <span>
          {onRoster ? 'Already on this roster' : 'This creator (draft est.)'} <strong>{onRoster ? '' : `+ ${formatMoney(fee)}`}</strong>
        </span>
        <BudgetFigure label="Total if all are sent" amount={total} testId="budget-total" after={` of ${formatMoney(roster.budget)}`} />
      </p>
      <BudgetBar
        className="cc-budget-bar"
        budget={roster.budget}
        segments={[
          { label: 'Agreed and offered of budget', total: committed, barClass: 'bg-primary' },
          { label: "Drafts' estimates and this creator's fee of budget", total, barClass: over > 0 ? 'bg-danger' : 'bg-warning' },
        ]}
      />
      {over > 0 && <p className="small text-danger mb-0">Sending every draft goes over the budget by {formatMoney(over)}.</p>}
    </section>
  )
}

/**
 * AddToCampaign picks one of the brand's draft or active campaigns and puts
 * the creator on its roster as a draft offer at the estimated fee, showing
 * what that does to the campaign's budget first.
 * @param {{creator: {_id: string, name: string}, fee: number}} props
 */
export function AddToCampaign({ creator, fee }) {
  const { data: campaigns, error: listError } = useCampaignChoices()
  const [campaignId, setCampaignId] = useState('')
  const { data: roster } = useRoster(campaignId || null)
  const add = useAddToCampaign()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState(/** @type {{ok: boolean, message: string} | null} */ (null))
  const onRoster = Boolean(roster?.entries?.some((e) => e.creator?._id === creator._id))
  /** @param {import('react').ChangeEvent<HTMLSelectElement>} e */
  const choose = (e) => {
    setCampaignId(e.target.value)
    setResult(null)
  }
  /** @param {import('react').FormEvent} e */
  const submit = async (e) => {
    e.preventDefault()
    if (!campaignId) return
    setBusy(true)
    setResult(null)
    try {
      const entry = await add({ campaignId, creatorId: creator._id })
      const name = campaigns?.find((c) => c._id === campaignId)?.campaignName || 'the campaign'
      setResult({ ok: true, message: `${creator.name} joined ${name}'s roster as a draft offer at ${formatMoney(entry?.offer?.amount ?? fee)}.` })
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, 'The creator could not be added. Please try again.') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <CardSection title="Add to campaign" titleId="add-to-campaign">
      {listError ? (
        <p className="text-danger mb-0">{listError.message}</p>
      ) : campaigns && campaigns.length === 0 ? (
        <p className="text-secondary mb-0">Create a campaign first: creators join draft or active campaigns.</p>
      ) : (
        <form className="d-flex flex-column gap-3" onSubmit={submit}>
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <div className="flex-grow-1" style={{ minWidth: 220 }}>
              <label className="form-label small mb-1" htmlFor="add-campaign">
                Campaign
              </label>
              <select id="add-campaign" className="form-select" value={campaignId} onChange={choose}>
                <option value="">Choose a draft or active campaign</option>
                {(campaigns || []).map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.campaignName} ({c.status})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-primary" disabled={!campaignId || busy}>
              {busy ? 'Adding…' : 'Add to campaign'}
            </button>
          </div>
          {campaignId && roster && <BudgetImpact roster={roster} fee={fee} onRoster={onRoster} />}
          <p className="small text-secondary mb-0">The creator joins the roster as a draft offer at the estimated fee of {formatMoney(fee)}; send it from the campaign.</p>
        </form>
      )}
      <div aria-live="polite">
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className={`mb-0 mt-3 small fw-semibold ${result.ok ? 'text-success' : 'text-danger'}`}>
            {result.message}
          </p>
        )}
      </div>
    </CardSection>
  )
}
