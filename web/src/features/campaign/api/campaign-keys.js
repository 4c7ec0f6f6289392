// The cache tag "Campaigns": every SWR key of a campaign call starts with
// 'campaigns/' (list, summary, one campaign), so one prefix match revalidates them all.
export const CAMPAIGNS_TAG = 'campaigns/'

/** isCampaignKey tells whether an SWR key belongs to the Campaigns tag. */
/** @param {unknown} key */
export function isCampaignKey(key) {
  return typeof key === 'string' && key.startsWith(CAMPAIGNS_TAG)
}
