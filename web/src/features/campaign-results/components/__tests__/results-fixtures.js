// A campaign's results as GET /api/campaigns/{id}/results answers them (the document's CampaignResults).

const m = (value) => ({ value, basis: 'measured' })
const d = (value, formula) => ({ value, basis: 'derived', formula })
const na = (reason) => ({ value: null, basis: 'unavailable', reason })

export const CAMPAIGN = {
  _id: 'c1', campaignName: 'Autumn Lookbook', brandName: 'Acme Studio', status: 'completed', trackingTag: 'acmeautumn',
  startDate: '2026-10-01', endDate: '2026-10-31', budget: 5000,
}

export const RESULTS = {
  campaign: CAMPAIGN,
  asOf: '2026-11-02T10:00:00Z',
  feesShown: true,
  totals: {
    posts: m(3), creatorsLive: m(2), views: m(12000), likes: m(900), comments: m(80), shares: { ...m(20), platforms: ['YouTube'] },
    reach: na('No platform of these posts reports reach'), engagements: d(1000, 'likes + comments + shares'),
    engagementPerView: d(8.333, '(likes + comments + shares) / views × 100'),
    spend: d(1800, 'sum of accepted and completed offers'), cpm: d(150, 'spend / views × 1000'),
    cpe: d(1.8, 'spend / (likes + comments + shares)'), costPerView: d(0.15, 'spend / views'),
  },
  series: [
    { day: '2026-10-05', views: 4000, likes: 300, comments: 20, shares: 5, engagements: 325 },
    { day: '2026-10-06', views: 12000, likes: 900, comments: 80, shares: null, engagements: 1000 },
  ],
  creators: [
    {
      entryId: 'e1', creatorId: 'k1', name: 'Cleo Creator', platform: 'instagram', handle: '@cleo', offerStatus: 'completed', fee: 1000,
      views: m(9000), likes: m(700), comments: m(60), shares: na('Instagram does not report shares'), engagementPerView: d(8.4, '(likes + comments + shares) / views × 100'),
      posts: [
        { id: 'p2', platform: 'instagram', postId: 'ig2', url: 'https://instagram.test/p/ig2', caption: 'Second #acmeautumn', publishedAt: '2026-10-06T09:00:00Z', views: 5000, likes: 400, comments: 30, shares: null, reach: null, usage: { rights: '30_days', paidUntil: '2026-11-05', exclusive: false, exclusiveUntil: null, label: 'Paid until 2026-11-05' } },
        { id: 'p1', platform: 'instagram', postId: 'ig1', url: 'https://instagram.test/p/ig1', caption: 'First #acmeautumn', publishedAt: '2026-10-05T09:00:00Z', views: 4000, likes: 300, comments: 30, shares: null, reach: null, usage: { rights: '30_days', paidUntil: '2026-11-04', exclusive: false, exclusiveUntil: null, label: 'Paid until 2026-11-04' } },
      ],
    },
    {
      entryId: 'e2', creatorId: 'k2', name: 'Dev Maker', platform: 'youtube', handle: '@devmaker', offerStatus: 'accepted', fee: 800,
      views: m(3000), likes: m(200), comments: m(20), shares: m(20), engagementPerView: d(8, '(likes + comments + shares) / views × 100'),
      posts: [{ id: 'p3', platform: 'youtube', postId: 'yt1', url: 'https://youtube.test/watch?v=yt1', caption: '#acmeautumn haul', publishedAt: '2026-10-06T12:00:00Z', views: 3000, likes: 200, comments: 20, shares: 20, reach: null, usage: { rights: 'organic_only', paidUntil: null, exclusive: true, exclusiveUntil: '2026-11-30', label: 'Organic only; exclusive until 2026-11-30' } }],
    },
  ],
}

const noPosts = (c) => ({ ...c, views: na('No posts captured yet'), likes: na('No posts captured yet'), comments: na('No posts captured yet'), shares: na('No posts captured yet'), engagementPerView: na('No views yet'), posts: [] })

/** EMPTY: two accepted offers, no post captured yet. */
export const EMPTY = {
  ...RESULTS,
  asOf: null,
  totals: Object.fromEntries(Object.keys(RESULTS.totals).map((k) => [k, na('No posts captured yet')])),
  series: [],
  creators: RESULTS.creators.map(noPosts),
}

const hidden = na('Hidden by the brand')

/** SHARED: the results behind a share link that hides fees. */
export const SHARED = {
  ...RESULTS,
  feesShown: false,
  totals: { ...RESULTS.totals, spend: hidden, cpm: hidden, cpe: hidden, costPerView: hidden },
  creators: RESULTS.creators.map((c) => ({ ...c, fee: null, posts: c.posts.map((p) => ({ ...p, usage: null })) })),
}

export const ok = (results) => () => [200, { data: { results } }]
