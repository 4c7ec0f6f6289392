import { useCallback } from 'react'
import { useSWRConfig } from 'swr'

// The SPEC cache tag "Campaigns": every SWR key of a campaign call starts with
// 'campaigns/' (list, summary, one campaign), so one prefix match invalidates them all.
export const CAMPAIGNS_TAG = 'campaigns/'

/** isCampaignKey tells whether an SWR key belongs to the Campaigns tag. */
export function isCampaignKey(key) {
  return typeof key === 'string' && key.startsWith(CAMPAIGNS_TAG)
}

/** useInvalidateCampaigns returns a function that revalidates every cached campaign call. */
export function useInvalidateCampaigns() {
  const { mutate } = useSWRConfig()
  return useCallback(() => mutate(isCampaignKey), [mutate])
}
