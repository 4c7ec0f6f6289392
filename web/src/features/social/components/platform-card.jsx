import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { formatCount, formatDate, formatDateTime } from '../../../lib/format'
import { followersLabel } from '../../../config/platforms'

/**
 * Figure is one figure of the card; a figure the platform does not report (null, with reason) shows "n/a" and why, never 0.
 * @param {{label: string, value: number | null | undefined, reason?: string}} props
 */
function Figure({ label, value, reason }) {
  const missing = value == null && reason
  return (
    <div className="col-6">
      <p className="small text-secondary mb-0">{label}</p>
      {missing ? (
        <p className="fw-semibold mb-0" title={reason}>
          n/a<span className="visually-hidden">: {reason}</span>
          <span className="d-block small fw-normal text-secondary" aria-hidden="true">
            not reported
          </span>
        </p>
      ) : (
        <p className="fw-semibold mb-0">{formatCount(value)}</p>
      )}
    </div>
  )
}

/**
 * shortDate writes a YYYY-MM-DD day as 'Nov 3'.
 * @param {string} day
 */
const shortDate = (day) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * PlatformCard is one platform on the creator's Mission Control: never
 * connected (Connect), disconnected (since when, Reconnect), connected
 * (figures measured by the platform over the chosen window, "n/a" for one it
 * does not report; Sync now, Disconnect), syncing, or reconnect needed
 * (Reconnect).
 * @param {{platform: import('../api/accounts').Platform, account?: import('../api/accounts').Account, gone?: import('../api/accounts').GoneAccount,
 *   totals?: import('../api/engagement').Engagement['platform'][number]['data'][number], notReported?: Record<string, string>,
 *   period?: import('../api/engagement').Engagement['window'] | null, days: number, busy: boolean, onConnect: (id: string) => unknown,
 *   onSync: (account: import('../api/accounts').Account) => unknown, onDisconnect: (account: import('../api/accounts').Account) => unknown}} props
 */
export function PlatformCard({ platform, account, gone, totals, notReported = {}, period, days, busy, onConnect, onSync, onDisconnect }) {
  const [confirming, setConfirming] = useState(false)
  const audienceLabel = followersLabel(platform.id)
  const analytics = account?.analytics
  const followers = analytics && ('subscribers' in analytics ? analytics.subscribers : analytics.followers)
  return (
    <div className="col-12 col-md-6 col-xl-3">
      <section className="card border-0 shadow-sm h-100" aria-label={platform.name}>
        <div className="card-body p-3 d-flex flex-column gap-2">
          <div className="d-flex align-items-center gap-2">
            <img src={platform.logo_url} alt="" width="32" height="32" />
            <h3 className="h6 fw-bold mb-0 flex-grow-1">{platform.name}</h3>
            {account?.status === 'syncing' && <span className="badge text-bg-info">Syncing…</span>}
            {account?.status === 'connected' && <span className="badge text-bg-success">Connected</span>}
            {account?.status === 'reconnect_needed' && <span className="badge text-bg-warning">Reconnect needed</span>}
          </div>
          {!account && gone && (
            <>
              <p className="small text-secondary mb-0 flex-grow-1">
                {gone.username ? `@${gone.username} · ` : ''}Disconnected on {formatDate(gone.disconnectedAt)}. Your history is kept.
              </p>
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onConnect(platform.id)}>
                Reconnect {platform.name}
              </button>
            </>
          )}
          {!account && !gone && (
            <>
              <p className="small text-secondary mb-0 flex-grow-1">Not connected yet.</p>
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onConnect(platform.id)}>
                Connect {platform.name}
              </button>
            </>
          )}
          {account && (
            <>
              <p className="small mb-0">
                <span className="fw-semibold">@{account.username || '—'}</span>
                <span className="text-secondary"> · connected {formatDate(account.createdAt)}</span>
              </p>
              <div className="row g-2">
                <Figure label={audienceLabel} value={followers} />
                <Figure label={`Likes (${days} days)`} value={totals?.like} reason={notReported.like} />
                <Figure label={`Views (${days} days)`} value={totals?.view} reason={notReported.view} />
                <Figure label={`Organic impressions (${days} days)`} value={totals?.organicImpression} reason={notReported.organicImpression} />
              </div>
              {totals && period?.from && period.to && (
                <p className="small text-secondary mb-0">
                  Measured by {platform.name}, {shortDate(period.from)} – {shortDate(period.to)}
                </p>
              )}
              <p className="small text-secondary mb-0 flex-grow-1">
                {account.lastSyncedAt ? `Last synced ${formatDateTime(account.lastSyncedAt)}` : 'Not synced yet'}
              </p>
              {account.status === 'reconnect_needed' ? (
                <>
                  <p className="small text-danger-emphasis mb-0" role="status">
                    {account.statusReason || `${platform.name} needs you to connect again.`}
                  </p>
                  <button type="button" className="btn btn-warning btn-sm" disabled={busy} onClick={() => onConnect(platform.id)}>
                    Reconnect {platform.name}
                  </button>
                </>
              ) : (
                <div className="d-flex gap-2">
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm flex-grow-1"
                    disabled={busy || account.status === 'syncing'}
                    onClick={() => onSync(account)}
                  >
                    Sync now
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(true)}>
                    Disconnect
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </section>
      <ConfirmDialog
        show={confirming}
        danger
        title={`Disconnect ${platform.name}?`}
        body="We stop syncing and delete the access you granted. Your history stays."
        confirmLabel="Yes, disconnect"
        cancelLabel="No, keep it"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (account) await onDisconnect(account)
          setConfirming(false)
        }}
      />
    </div>
  )
}
