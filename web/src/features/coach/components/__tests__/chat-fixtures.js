// Chat answers as GET /api/chats gives them, for the coach's tests.

/** answered is an answered entry with three facts (measured, derived, estimated); extra overrides any field. */
export const answered = (id, question, extra = {}) => ({
  _id: id,
  question,
  platform: null,
  status: 'answered',
  createdAt: '2026-11-20T10:00:00Z',
  answeredAt: '2026-11-20T10:00:01Z',
  answer: 'On Instagram you have 14,760 followers.',
  facts: [
    { label: 'Instagram followers', value: 14760, text: '14,760', kind: 'measured', period: 'Nov 20, 2026' },
    { label: 'Instagram followers growth, last 30 days', value: 8.8, text: '+8.8%', kind: 'derived', period: 'Oct 21, 2026 to Nov 20, 2026' },
    { label: 'Days to reach 20,000 followers on Instagram', value: 131, text: '131', kind: 'estimated', period: 'from Nov 20, 2026' },
  ],
  suggestions: ['Why did my views drop?'],
  ...extra,
})

/** chat is the GET /api/chats answer of one chat holding entries (none: no chat). */
export const chat = (entries) => ({ data: { chats: entries.length ? [{ _id: 'c1', platform: null, createdAt: '2026-11-20T10:00:00Z', data: entries }] : [], total: 1, page: 1, limit: 10 } })
