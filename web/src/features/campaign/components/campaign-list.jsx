import { useEffect, useState } from 'react'
import { useDebounced } from '../../../lib/use-debounced'
import { Link } from 'react-router-dom'
import { useCampaigns, CAMPAIGNS_PAGE_SIZE } from '../api/get-campaigns'
import { useDeleteCampaign } from '../api/delete-campaign'
import { errorMessage } from '../../../lib/error-message'
import { toast } from '../../../lib/toast'
import { useAuth } from '../../../lib/auth-store'
import { ROLES } from '../../../config/roles'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { EmptyState } from '../../../components/empty-state'
import { SearchBox } from '../../../components/search-box'
import { ListState } from '../../../components/list-state'
import { STATUSES } from './campaign-options'
import { CampaignStatusBadge } from './campaign-status-badge'
import { formatDate, formatMoney } from '../../../lib/format'
import { ListPagination } from '../../../lib/list-pagination'
import './campaign.css'
import { StatList } from '../../../components/stat-list'

const SEARCH_DEBOUNCE_MS = 300

/** @typedef {import('../../../lib/api-types').Data<'/api/campaigns/all-campaigns', 'get'>['campaigns'][number]} ListCampaign */

/**
 * CampaignList: the brand's campaigns with search, status filter, pagination, edit and delete (a BRAND_VIEWER reads
 * the list and each campaign's results: no create, edit or delete).
 * rowExtra(campaign), when given, renders more under a row (the page adds the roster there).
 * @param {{rowExtra?: (campaign: ListCampaign) => import('react').ReactNode}} props
 */
export function CampaignList({ rowExtra }) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const [toDelete, setToDelete] = useState(/** @type {ListCampaign | null} */ (null))
  const [deleting, setDeleting] = useState(false)
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS)
  const deleteCampaign = useDeleteCampaign()
  const { role, profileImage } = useAuth()
  // The header already offers 'Start New Campaign' to a BRAND_ADMIN without a profile image.
  const headerHasCreate = role === ROLES.BRAND_ADMIN && !profileImage
  const canEdit = role !== ROLES.BRAND_VIEWER
  const { data, error, isLoading, mutate } = useCampaigns({ page, search: debounced, status })

  useEffect(() => setPage(1), [debounced, status])

  const filtered = Boolean(debounced.trim() || status)
  const campaigns = data?.campaigns ?? []
  const total = data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / (data?.limit || CAMPAIGNS_PAGE_SIZE)))

  // A page emptied by a delete falls back to the last page that still has rows.
  useEffect(() => {
    if (data && page > pages) setPage(pages)
  }, [data, page, pages])

  const confirmDelete = async () => {
    if (!toDelete) return
    setDeleting(true)
    try {
      const res = await deleteCampaign(toDelete._id)
      toast.success(res.message || 'Campaign deleted successfully')
      setToDelete(null)
    } catch (err) {
      toast.error(errorMessage(err, 'Could not delete the campaign. Please try again.'))
    } finally {
      setDeleting(false)
    }
  }

  if (!filtered && data && total === 0) {
    return (
      <EmptyState
        title="No campaigns yet"
        link={canEdit ? { to: '/create-campaign', label: 'Create your first campaign' } : undefined}
      >
        <p className="mb-0">
          {canEdit
            ? 'Set a budget, dates, audience and content vibes, then invite creators to bring it to life.'
            : 'Campaigns your team creates appear here, with their results.'}
        </p>
      </EmptyState>
    )
  }

  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex flex-wrap gap-2 align-items-center" role="search">
        <SearchBox label="Search campaigns" placeholder="Search campaigns by name" value={search} onChange={setSearch} />
        <select className="form-select cc-input" style={{ width: 160 }} aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {canEdit && !headerHasCreate && (
          <Link to="/create-campaign" className="btn btn-primary cc-input d-inline-flex align-items-center text-nowrap">
            + New Campaign
          </Link>
        )}
      </div>

      <ListState
        swr={{ data, error, isLoading, mutate }}
        loadingLabel="Loading campaigns…"
        isEmpty={total === 0}
        empty={
          <EmptyState
            title="No campaigns match"
            action={
              <button type="button" className="btn btn-outline-primary" onClick={() => { setSearch(''); setStatus('') }}>
                Clear filters
              </button>
            }
          >
            <p className="mb-0">Try another name or status.</p>
          </EmptyState>
        }
      >
        {campaigns.length > 0 && (
          <ul className="list-unstyled mb-0" aria-label="Campaigns">
            {campaigns.map((c) => (
              <CampaignItem key={c._id} campaign={c} onDelete={canEdit ? () => setToDelete(c) : undefined} extra={rowExtra?.(c)} />
            ))}
          </ul>
        )}
      </ListState>

      {total > 0 && (
        <ListPagination page={Math.min(page, pages)} total={total} limit={data?.limit || CAMPAIGNS_PAGE_SIZE} onPage={setPage} />
      )}

      <ConfirmDialog
        show={Boolean(toDelete)}
        title="Delete campaign?"
        body={toDelete ? `"${toDelete.campaignName}" will be removed from your campaigns. This action cannot be undone.` : ''}
        confirmLabel="Yes, Delete"
        cancelLabel="No, Cancel"
        danger
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  )
}

/**
 * CampaignItem is one campaign's row; without onDelete (a BRAND_VIEWER) it offers only its results.
 * @param {{campaign: ListCampaign, onDelete?: () => void, extra?: import('react').ReactNode}} props
 */
function CampaignItem({ campaign: c, onDelete, extra }) {
  const completed = c.status === 'completed'
  return (
    <li className="card border-0 shadow-sm cc-campaign-item">
      <article className="card-body p-3 cc-campaign-row" aria-label={c.campaignName}>
        <div className="min-w-0 mb-2 mb-md-0">
          <div className="d-flex align-items-center gap-2 mb-1">
            <h2 className="h6 fw-bold mb-0 text-truncate">{c.campaignName}</h2>
            <CampaignStatusBadge status={c.status} />
          </div>
          <p className="small text-secondary mb-0 text-truncate">
            {[...(c.goals || []).filter((g) => g !== 'Other'), c.customGoal].filter(Boolean).join(' · ') || '—'}
          </p>
        </div>
        <StatList
          className="cc-campaign-meta mb-2 mb-md-0"
          items={[
            ['Budget', formatMoney(c.budget)],
            ['Starts', formatDate(c.duration?.startDate)],
            ['Ends', formatDate(c.duration?.endDate)],
          ]}
        />
        <div className="d-flex gap-2 justify-content-end">
          <Link to={`/campaigns/${c._id}/results`} className="btn btn-sm btn-outline-secondary" aria-label={`Results of ${c.campaignName}`}>
            Results
          </Link>
          {onDelete && (
            <>
              <Link to={`/update-campaign/${c._id}`} className="btn btn-sm btn-outline-primary" aria-label={`${completed ? 'View' : 'Edit'} ${c.campaignName}`}>
                {completed ? 'View' : 'Edit'}
              </Link>
              <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${c.campaignName}`} onClick={onDelete}>
                Delete
              </button>
            </>
          )}
        </div>
      </article>
      {extra}
    </li>
  )
}
