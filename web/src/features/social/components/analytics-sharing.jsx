import { useAuth } from '../../../lib/auth-store'
import { useAnalyticsSharing, useSetAnalyticsSharing } from '../api/analytics-sharing'
import { ChoiceSwitch, useSaveChoice } from './choice-switch'

/**
 * AnalyticsSharing is a creator's switch "Share my detailed analytics with brands" (off until turned on), with
 * one sentence on what it means. Shown in the account settings and where accounts are connected; nothing for
 * other roles.
 */
export function AnalyticsSharing() {
  const { role } = useAuth()
  const sharing = useAnalyticsSharing()
  const { choose, busy, error } = useSaveChoice(useSetAnalyticsSharing())
  if (role !== 'USER') return null
  const on = sharing.data === true
  return (
    <ChoiceSwitch
      id="cc-share-analytics"
      headingId="cc-sharing"
      heading="What brands see"
      label="Share my detailed analytics with brands"
      on={on}
      disabled={busy || sharing.data === undefined}
      onChange={() => choose(!on)}
      error={error}
    >
      Brands always see your followers and engagement rate; with this on they also see your audience split and daily
      trends. Your e-mail is never shown to brands.
    </ChoiceSwitch>
  )
}
