import { useCallback, useState } from 'react'
import { useAdminCreators } from '../api/get-admin-creators'
import { useMergeCreators } from '../api/merge-creators'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { toast } from '../../../lib/toast'
import { formatCount, formatDate, formatPercent } from '../../../lib/format'
import { AdminList, useAdminPage } from './admin-list'
import { ScrollRegion } from '../../../components/scroll-region'
import { PLATFORM_NAMES } from '../../../config/platforms'
import { TableHead } from '../../../components/table-head'

/** @typedef {{_id: string, name: string, email?: string | null}} MergeEntry */

/**
 * AdminCreatorList: every creator of the network, searchable, ten per page. An ADMIN merges two entries of one
 * person by hand: "Merge" on the entry to keep, then (searching if need be) "Merge into …" on the other, confirmed.
 * `payouts` renders the payouts state of a creator linked to an account (read only), which the app mounts.
 * @param {{payouts?: (userId: string) => import('react').ReactNode}} props
 */
export function AdminCreatorList({ payouts }) {
  const { state, swr, items: creators } = useAdminPage(useAdminCreators, 'creators')
  const merge = useMergeCreators()
  const [keep, setKeep] = useState(/** @type {MergeEntry | null} */ (null)) // the entry the other is merged into
  const [source, setSource] = useState(/** @type {MergeEntry | null} */ (null)) // the entry merged away, awaiting confirmation
  const [busy, setBusy] = useState(false)
  const cancel = useCallback(() => setSource(null), [])
  const run = async () => {
    setBusy(true)
    try {
      if (!keep || !source) return
      await merge(keep._id, source._id)
      toast.success(`${source.name} merged into ${keep.name}`)
      setKeep(null)
      setSource(null)
    } catch (err) {
      toast.error((err instanceof Error && err.message) || 'Could not merge the entries. Please try again.')
      setSource(null)
    } finally {
      setBusy(false)
    }
  }
  return (
    <AdminList noun="creators" placeholder="Search name, e-mail or handle" state={state} swr={swr} count={creators.length}>
      {keep && (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2" role="status">
          <span className="flex-grow-1">
            Merging into <strong>{keep.name}</strong>{keep.email ? ` (${keep.email})` : ''}: search for the other entry of this person and choose
            “Merge into {keep.name}”.
          </span>
          <button type="button" className="btn btn-sm btn-light border" onClick={() => setKeep(null)}>
            Cancel merge
          </button>
        </div>
      )}
      <ScrollRegion label="Creator table">
        <table className="table cc-admin-table" aria-label="Creators">
          <TableHead columns={['Creator', 'Niche & location', 'Tier', { label: 'Followers', className: 'text-md-end' }, { label: 'Engagement', className: 'text-md-end' }, 'Platforms', 'Payouts', 'Added', 'Merge']} />
          <tbody>
            {creators.map((c) => (
              <tr key={c._id}>
                <td className="cc-admin-main">
                  <div className="fw-semibold">{c.name}</div>
                  <div className="small text-secondary cc-admin-email">{c.email || '—'}</div>
                </td>
                <td data-label="Niche & location">
                  <div>
                    <div>{c.niche || '—'}</div>
                    {c.location && <div className="small text-secondary">{c.location}</div>}
                  </div>
                </td>
                <td data-label="Tier">
                  <span className={`badge rounded-pill cc-admin-tier cc-admin-tier-${c.tier}`}>{c.tier}</span>
                </td>
                <td data-label="Followers" className="text-md-end">{formatCount(c.followers || 0)}</td>
                <td data-label="Engagement" className="text-md-end">{formatPercent(c.engagementRate)}</td>
                <td data-label="Platforms" className="small">
                  {Object.keys(c.platforms || {})
                    .map((p) => PLATFORM_NAMES[p] || p)
                    .join(', ') || '—'}
                </td>
                <td data-label="Payouts">{c.userId && payouts ? payouts(c.userId) : <span className="small text-secondary">No account</span>}</td>
                <td data-label="Added" className="text-nowrap">{formatDate(c.createdAt)}</td>
                <td data-label="Merge">
                  {!keep && (
                    <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Merge another entry into ${c.name}`} onClick={() => setKeep(c)}>
                      Merge
                    </button>
                  )}
                  {keep && keep._id !== c._id && (
                    <button type="button" className="btn btn-sm btn-outline-primary text-nowrap" aria-label={`Merge into ${keep.name}: ${c.name}`} onClick={() => setSource(c)}>
                      Merge into {keep.name}
                    </button>
                  )}
                  {keep?._id === c._id && <span className="small text-secondary">Kept</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ConfirmDialog show={Boolean(keep && source)} title="Merge these entries?" danger busy={busy} onConfirm={run} onCancel={cancel}
        confirmLabel="Merge entries" cancelLabel="Cancel"
        body={keep && source ? `${source.name}${source.email ? ` (${source.email})` : ''} is merged into ${keep.name}: its account, e-mail, handles and figures fill what ${keep.name} lacks, its roster entries and invitations move over, and the entry ${source.name} is deleted. This cannot be undone.` : ''} />
    </AdminList>
  )
}
