import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { Loading, LoadError } from '../../../components/status'
import { combineReads, ListState } from '../../../components/list-state'
import { toast } from '../../../lib/toast'
import { followersLabel } from '../../../config/platforms'
import { connectAccount, useAccounts, useDisconnectAccount, useFinishConnect, usePlatforms, useSyncAccount } from '../api/accounts'
import { useEngagement } from '../api/engagement'
import { useJob } from '../api/job'
import { DemographicsCard } from './demographics-card'
import { PlatformCard } from './platform-card'
import { AnalyticsSharing } from './analytics-sharing'
import { ListingQuestion } from './listing'
import './social.css'

const TrendChart = lazy(() => import('../../../components/trend-chart'))

/**
 * SyncProgress follows the sync job named by ?job=.
 * @param {{job?: import('../api/job').Job | null}} props
 */
function SyncProgress({ job }) {
  if (!job) return null
  if (job.status === 'failed') {
    return (
      <div className="alert alert-danger mb-0" role="alert">
        The sync did not finish: {job.error}
      </div>
    )
  }
  if (job.status === 'succeeded') {
    // The document leaves a job's result untyped (it depends on the kind): a sync's is this.
    const result = /** @type {{newDays?: number, captured?: {posts: number, campaignName: string}[]}} */ (job.result || {})
    const n = result.newDays
    if (typeof n !== 'number') return null
    // Posts captured for the first time, per campaign: "2 campaign posts captured for Holiday Glow".
    const captured = (result.captured ?? []).map((c) => `${c.posts} campaign post${c.posts === 1 ? '' : 's'} captured for ${c.campaignName}`)
    return (
      <div className="alert alert-success mb-0" role="status">
        {n > 0 ? `Synced: ${n} new day${n === 1 ? '' : 's'}` : 'Already up to date'}
        {captured.length > 0 && `. ${captured.join('; ')}.`}
      </div>
    )
  }
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body p-3">
        <p className="small mb-1" id="cc-sync-label">
          Syncing your analytics… {job.progress}%
        </p>
        <div className="progress" role="progressbar" aria-labelledby="cc-sync-label" aria-valuenow={job.progress} aria-valuemin={0} aria-valuemax={100}>
          <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${Math.max(job.progress, 5)}%` }} />
        </div>
      </div>
    </div>
  )
}

/**
 * CreatorMissionControl is the creator's dashboard: a card per platform
 * (connect, sync, disconnect, reconnect), trend charts over 30 or 90 days,
 * the 'Audience Demographics' card, and the progress of the sync named by
 * ?job=. The platforms' callback sends the browser back with
 * ?connect=<platform>&code=&state=: the dashboard finishes the link as the
 * signed-in creator, then follows the first sync.
 */
export function CreatorMissionControl() {
  const [params, setParams] = useSearchParams()
  const jobId = params.get('job')
  const connectError = params.get('connectError')
  const [days, setDays] = useState(30)
  const [busy, setBusy] = useState(false)
  const { mutate } = useSWRConfig()
  const platforms = usePlatforms()
  const accounts = useAccounts()
  const engagement = useEngagement(days)
  const { data: job } = useJob(jobId)
  const syncAccount = useSyncAccount()
  const disconnect = useDisconnectAccount()
  const finishConnect = useFinishConnect()
  const [connect, code, state] = ['connect', 'code', 'state'].map((k) => params.get(k))
  const finishing = useRef(/** @type {string | null} */ (null))
  const finished = job && (job.status === 'succeeded' || job.status === 'failed')

  useEffect(() => {
    if (finished) mutate((/** @type {unknown} */ key) => typeof key === 'string' && key.startsWith('accounts'))
  }, [finished, mutate])

  useEffect(() => {
    if (!connect || !code || !state || finishing.current === state) return
    finishing.current = state // once per state, whatever the renders
    finishConnect({ platform: connect, code, state })
      .then((started) => setParams(started?.id ? { job: started.id } : {}, { replace: true }))
      .catch((err) => setParams({ connectError: err instanceof Error ? err.message : 'The connection could not be finished. Please try again.' }, { replace: true }))
  }, [connect, code, state, finishConnect, setParams])

  /** @param {() => Promise<unknown>} fn */
  const act = async (fn) => {
    setBusy(true)
    try {
      await fn()
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  const reads = combineReads(platforms, accounts)
  if (!reads.data || reads.error) return <ListState swr={reads} loadingLabel="Loading your platforms…" errorHidesData />
  const byPlatform = Object.fromEntries((accounts.data || []).map((a) => [a.platform, a]))
  const goneByPlatform = Object.fromEntries((accounts.data?.disconnected || []).map((a) => [a.platform, a]))
  const stats = Object.fromEntries((engagement.data?.platform || []).map((p) => [p.platform, p]))
  const connected = (platforms.data || []).filter((p) => stats[p.id]?.history?.length)
  return (
    <div className="d-flex flex-column gap-4">
      {connectError && (
        <div className="alert alert-warning d-flex align-items-center gap-2 mb-0" role="alert">
          <span className="flex-grow-1">{connectError}</span>
          <button type="button" className="btn-close" aria-label="Dismiss" onClick={() => setParams({}, { replace: true })} />
        </div>
      )}
      {connect && code && (
        <div className="alert alert-info mb-0" role="status">
          Finishing the connection…
        </div>
      )}
      <SyncProgress job={job} />
      <ListingQuestion hasAccount={(accounts.data || []).length > 0} />
      <AnalyticsSharing />
      <section aria-labelledby="cc-platforms">
        <h2 id="cc-platforms" className="h5 fw-bold mb-3">
          Your platforms
        </h2>
        <div className="row g-3">
          {(platforms.data || []).map((p) => (
            <PlatformCard
              key={p.id}
              platform={p}
              account={byPlatform[p.id]}
              gone={goneByPlatform[p.id]}
              totals={stats[p.id]?.data?.[0]}
              notReported={stats[p.id]?.notReported}
              period={engagement.data?.window}
              days={days}
              busy={busy}
              onConnect={(id) => act(() => connectAccount(id))}
              onSync={(a) =>
                act(async () => {
                  const started = await syncAccount(a._id)
                  if (started?.id) setParams({ job: started.id }, { replace: true })
                })
              }
              onDisconnect={(a) => act(() => disconnect(a._id))}
            />
          ))}
        </div>
      </section>
      <section className="card border-0 shadow-sm" aria-labelledby="cc-trends">
        <div className="card-body p-3 p-md-4">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h2 id="cc-trends" className="h5 fw-bold mb-0 flex-grow-1">
              Trends
            </h2>
            <div className="btn-group btn-group-sm" role="group" aria-label="Period">
              {[30, 90].map((n) => (
                <button key={n} type="button" className={`btn ${days === n ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={days === n} onClick={() => setDays(n)}>
                  {n} days
                </button>
              ))}
            </div>
          </div>
          {engagement.error && <LoadError error={engagement.error} onRetry={() => engagement.mutate()} />}
          {!engagement.error && connected.length === 0 && (
            <p className="text-secondary mb-0">Connect a platform to see your followers and views over time.</p>
          )}
          <div className="row g-4">
            {connected.map((p) => (
              <div key={p.id} className="col-12 col-lg-6">
                <Suspense fallback={<Loading label="Loading the chart…" />}>
                  <TrendChart history={stats[p.id].history} name={p.name} followersLabel={followersLabel(p.id)} />
                </Suspense>
              </div>
            ))}
          </div>
        </div>
      </section>
      <DemographicsCard demographics={engagement.data?.demographics} />
    </div>
  )
}
