import { ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { useAgreementEvents } from '../api/get-agreement'
import { actionLabel, roleLabel } from './agreement-labels'

/**
 * AgreementEvents lists the audit events of an offer's agreement, oldest first: what happened, to which version,
 * by whom (name and role) and when; an ADMIN also sees the IP address.
 * @param {{offerId: string}} props
 */
export function AgreementEvents({ offerId }) {
  const swr = useAgreementEvents(offerId)
  return (
    <ListState swr={swr} loadingLabel="Loading events…" isEmpty={(d) => d.length === 0} empty={<p className="small text-secondary mb-0 mt-1">No events yet.</p>}>
      {(events) => (
        <ol className="small ps-4 mb-0 mt-1 cc-agreement-events">
          {events.map((e, i) => (
            <li key={i}>
              {formatDateTime(e.at)}: {actionLabel(e.action)}
              {e.versionNumber ? ` (version ${e.versionNumber})` : ''}
              {e.actorName || e.role ? ` · ${[e.actorName, e.role && roleLabel(e.role)].filter(Boolean).join(', ')}` : ''}
              {'ip' in e && e.ip ? ` · IP ${e.ip}` : ''}
            </li>
          ))}
        </ol>
      )}
    </ListState>
  )
}
