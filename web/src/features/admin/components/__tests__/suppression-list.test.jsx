import { describe, it, expect } from 'vitest'
import { screen } from '@testing-library/react'
import { SuppressionList } from '../suppression-list'
import { expectNoAxeViolations, mockApi, renderRoute } from '../../../../test-utils'

describe('SuppressionList', () => {
  it('reads the suppressed addresses with their reason', async () => {
    const fetch = mockApi({
      'GET admins/outreach-suppressions?page=1&limit=20': () => [
        200,
        { data: { suppressions: [{ email: 'gone@example.com', reason: 'unsubscribed', createdAt: '2026-11-20T10:00:00Z' }], total: 1, page: 1, limit: 20 } },
      ],
    })
    const { container } = renderRoute(<SuppressionList />)
    expect(await screen.findByText('gone@example.com')).toBeInTheDocument()
    expect(screen.getByText('Unsubscribed')).toBeInTheDocument()
    expect(String(fetch.mock.calls[0][0])).toContain('admins/outreach-suppressions?page=1&limit=20')
    await expectNoAxeViolations(container)
  })
})
