import { choiceResource } from './choice'

/**
 * The creator's "Share my detailed analytics with brands" choice: GET and PUT /api/users/me/analytics-sharing
 * ({ shareAnalytics }); off until the creator turns it on.
 */
const sharing = choiceResource({
  key: 'users/me/analytics-sharing',
  send: (shareAnalytics) => ({ shareAnalytics }),
  read: (data, sent = false) => data?.shareAnalytics ?? sent,
})

export const useAnalyticsSharing = sharing.useChoice
export const useSetAnalyticsSharing = sharing.useSetChoice
