import { useState } from 'react'
import { useOfferCampaigns, OFFER_CAMPAIGNS_PAGE_SIZE } from '../api/filter-campaigns'
import { ListState } from '../../../components/list-state'
import { ListPagination } from '../../../lib/list-pagination'
import { formatDate, formatMoney } from '../../../lib/format'
import { useDebounced } from '../../../lib/use-debounced'
import { OfferRoster } from './offer-roster'
import { TableHead } from '../../../components/table-head'
import { FilterControl } from '../../../components/filter-control'
import { optionList } from '../../../lib/options'

const STATUSES = optionList({
  '': 'Any status',
  draft: 'Draft',
  active: 'Active',
  completed: 'Completed',
})

/** @typedef {{search: string, status: string, budgetMin: string, budgetMax: string, startFrom: string, startTo: string}} FilterForm */

/**
 * toFilter turns the form's strings into the filter body (empty fields left out).
 * @param {FilterForm} f
 */
function toFilter(f) {
  /** @type {import('../../../lib/api-schema').components['schemas']['OfferCampaignFilter']} */
  const body = {}
  if (f.search.trim()) body.search = f.search.trim()
  if (f.status) body.status = [f.status]
  if (f.budgetMin !== '') body.budgetMin = Number(f.budgetMin)
  if (f.budgetMax !== '') body.budgetMax = Number(f.budgetMax)
  if (f.startFrom) body.startFrom = f.startFrom
  if (f.startTo) body.startTo = f.startTo
  return body
}

/** @param {{value: FilterForm, onChange: (f: FilterForm) => void}} props */
function Filters({ value, onChange }) {
  /** @param {keyof FilterForm} k */
  const set = (k) => (/** @type {{target: {value: string}}} */ e) => onChange({ ...value, [k]: e.target.value })
  /**
   * @param {keyof FilterForm} k
   * @param {string} label
   */
  const field = (k, label, type = 'text') => (
    <FilterControl id={`offer-filter-${k}`} label={label} className="col-6 col-md" controlClassName="form-control form-control-sm" type={type} value={value[k]} onChange={set(k)} />
  )
  return (
    <form className="row g-2 mb-3" role="search" aria-label="Filter campaigns" onSubmit={(e) => e.preventDefault()}>
      {field('search', 'Campaign name')}
      <FilterControl
        id="offer-filter-status"
        label="Status"
        className="col-6 col-md"
        controlClassName="form-select form-select-sm"
        options={STATUSES}
        value={value.status}
        onChange={set('status')}
      />
      {field('budgetMin', 'Budget from', 'number')}
      {field('budgetMax', 'Budget to', 'number')}
      {field('startFrom', 'Starts from', 'date')}
      {field('startTo', 'Starts until', 'date')}
    </form>
  )
}

/**
 * OfferList is the ADMIN's /offers page: every brand's campaigns with dates,
 * budget and offer totals, filtered on the server; opening one shows its
 * roster with the offer pipeline and, with `agreement` (given by the page), each offer's agreement.
 * @param {{agreement?: import('react').ComponentProps<typeof OfferRoster>['agreement']}} props
 */
export function OfferList({ agreement = undefined }) {
  const [form, setForm] = useState({ search: '', status: '', budgetMin: '', budgetMax: '', startFrom: '', startTo: '' })
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState(/** @type {string | null} */ (null))
  const filter = toFilter(useDebounced(form, 300))
  const { data, error, isLoading, mutate } = useOfferCampaigns(filter, page)
  const campaigns = data?.campaigns ?? []
  return (
    <div className="d-flex flex-column gap-4">
      <section className="card border-0 shadow-sm" aria-label="Campaigns of every brand">
        <div className="card-body p-3 p-md-4">
          <Filters
            value={form}
            onChange={(/** @type {FilterForm} */ f) => {
              setForm(f)
              setPage(1)
            }}
          />
          <ListState
            swr={{ data, error, isLoading, mutate }}
            loadingLabel="Loading campaigns…"
            isEmpty={campaigns.length === 0}
            empty={<p className="text-secondary mb-0">No campaigns match these filters.</p>}
          >
            <div className="table-responsive">
              <table className="table align-middle cc-stack-table">
                <TableHead columns={['Campaign', 'Brand', 'Dates', 'Budget', 'Roster', 'Offered', 'Accepted']} />
                <tbody>
                  {campaigns.map((c) => (
                    <tr key={c._id} className={open === c._id ? 'table-active' : undefined}>
                      <td>
                        <button type="button" className="btn btn-link p-0 text-start fw-semibold" aria-pressed={open === c._id} onClick={() => setOpen(c._id)}>
                          {c.campaignName}
                        </button>
                        <div className="small text-secondary text-capitalize">{c.status}</div>
                      </td>
                      <td data-label="Brand">{c.brandName}</td>
                      <td className="small" data-label="Dates">
                        {formatDate(c.duration?.startDate)} – {formatDate(c.duration?.endDate)}
                      </td>
                      <td data-label="Budget">{formatMoney(c.budget)}</td>
                      <td data-label="Roster">{c.roster?.entries ?? 0}</td>
                      <td data-label="Offered">{formatMoney(c.roster?.offered)}</td>
                      <td data-label="Accepted">{formatMoney(c.roster?.accepted)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </ListState>
          {data && data.total > 0 && <ListPagination page={page} total={data.total} limit={data.limit || OFFER_CAMPAIGNS_PAGE_SIZE} onPage={setPage} label="Campaign pages" />}
        </div>
      </section>
      {open && <OfferRoster key={open} campaignId={open} agreement={agreement} />}
    </div>
  )
}
