import { formatMoney } from '../../../lib/format'

/** @type {(string | undefined)[]} */
const AGREED = ['accepted', 'completed']
/** @type {(string | undefined)[]} */
const OFFERED = ['sent', 'countered']

/**
 * @typedef {{budget?: number, entries?: Array<{_id: string, estimatedFee?: number, offer?: {status?: string, amount?: number | null, usageAddOns?: Array<{usage: string, amountCents: number}>}}>}} BudgetRoster
 */

/**
 * rosterBudget splits a roster's amounts the way the API's budget rule does: agreed (accepted and completed
 * offers), offered (sent offers and creators' counters), estimated (drafts' estimated fees, never committed) and
 * what is still free of the budget (negative when over); percent is the share the agreed and offered amounts take,
 * never capped (191 for 191 %).
 * @param {BudgetRoster | null | undefined} roster
 */
export function rosterBudget(roster) {
  let agreed = 0
  let offered = 0
  let estimated = 0
  for (const e of roster?.entries ?? []) {
    const st = e.offer?.status
    // Paid usage add-ons (cents) cost the brand on top of the amount, as the API's budget check counts them.
    const addOns = (e.offer?.usageAddOns ?? []).reduce((sum, a) => sum + a.amountCents, 0) / 100
    const amount = Number(e.offer?.amount ?? 0) + addOns
    if (AGREED.includes(st)) agreed += amount
    else if (OFFERED.includes(st)) offered += amount
    else if (st === 'draft') estimated += Number(e.offer?.amount ?? e.estimatedFee ?? 0)
  }
  const budget = Number(roster?.budget ?? 0)
  const free = Math.round((budget - agreed - offered) * 100) / 100
  const percent = budget > 0 ? Math.round(((agreed + offered) / budget) * 1000) / 10 : 0
  return { budget, agreed, offered, estimated, free, percent, over: free < 0 }
}

/**
 * moveEffect is what a move that commits money does to the budget: `amount` is what the entry will cost once
 * moved (the new amount, or the counter's ask when accepting); what the entry already counts (a counter's ask) is
 * taken off first. overBy is how far over the budget the campaign ends (0 within it).
 * @param {BudgetRoster | null | undefined} roster
 * @param {string} entryId
 * @param {number | string} amount
 */
export function moveEffect(roster, entryId, amount) {
  const b = rosterBudget(roster)
  const entry = (roster?.entries ?? []).find((e) => e._id === entryId)
  const counted = entry && (AGREED.includes(entry.offer?.status) || OFFERED.includes(entry.offer?.status)) ? Number(entry.offer?.amount ?? 0) : 0
  const freeAfter = Math.round((b.free + counted - Number(amount)) * 100) / 100
  return { ...b, amount: Number(amount), freeAfter, overBy: freeAfter < 0 ? -freeAfter : 0 }
}

/** overBudgetText is the confirmation's sentence: "This is $25,071 over the remaining budget". */
/** @param {number} overBy */
export function overBudgetText(overBy) {
  return `This is ${formatMoney(overBy)} over the remaining budget`
}
